#!/usr/bin/env bash
# Verification against base's output, end to end on the host: a benchmark without a check of its
# own (tests/data/reference) is searched; the driver hands base and variants a reference folder,
# base saves its declared output there, the faithful variant is verified and ranked, the one that
# writes one wrong element is a wrong result whose reason names the byte.
# Usage: reference_outputs.sh POLICYTUNE SOURCE_DIR WORK_DIR
set -euo pipefail
policytune=$1
source_dir=$2
work=$3

rm -rf "$work"
mkdir -p "$work"
"$policytune" search "$source_dir/tests/data/reference/bench/outputs/doubled.cpp" --db "$work/r.db" \
  --build-dir "$work/build" --min-samples 3 --max-time 0.01 >"$work/out" 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
failures=$("$policytune" analyze --failures --db "$work/r.db")
[[ $failures == *"bug_1  wrong_result  output 0 differs from base's at byte 2000"* ]] ||
  { echo "reference_outputs: bug_1 is not a wrong result: $failures" >&2; exit 1; }
[[ $failures != *bug_0* ]] || { echo "reference_outputs: bug_0 failed: $failures" >&2; exit 1; }
ls "$work"/build/outputs.doubled/*/references/*.ref >/dev/null

# A fresh build folder whose base rows come from the database (a fresh configure, another shard):
# base runs once, unrecorded, so that the variant still measured has its outputs to compare with.
"$policytune" search "$source_dir/tests/data/reference/bench/outputs/doubled.cpp" --db "$work/fresh.db" \
  --build-dir "$work/build-1" --strategy exhaustive --budget 1 --min-samples 3 --max-time 0.01 \
  >"$work/out-1" 2>"$work/err-1" || { cat "$work/err-1" >&2; exit 1; }
"$policytune" search "$source_dir/tests/data/reference/bench/outputs/doubled.cpp" --db "$work/fresh.db" \
  --build-dir "$work/build-2" --strategy exhaustive --budget 2 --min-samples 3 --max-time 0.01 \
  >"$work/out-2" 2>"$work/err-2" || { cat "$work/err-2" >&2; exit 1; }
grep -q "running base once here" "$work/err-2" || { echo "reference_outputs: base did not run in the fresh folder" >&2; exit 1; }
failures=$("$policytune" analyze --failures --db "$work/fresh.db")
[[ $failures == *"bug_1  wrong_result  output 0 differs from base's at byte 2000"* ]] ||
  { echo "reference_outputs: in a fresh build folder bug_1 is not compared with base: $failures" >&2; exit 1; }
echo "bug_0 verified against base's output, bug_1 a wrong result"
