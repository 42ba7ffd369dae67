#!/usr/bin/env bash
# A CUDA search that is to measure, on a machine without a GPU: it compiles nothing (its nvcc is a
# recorder that fails), says "no GPU" and why, stores the skip, counts it in its summary and exits 0;
# --compile-only on the same machine still compiles. Skipped (77) where a GPU is present.
# Usage: no_gpu.sh POLICYTUNE SOURCE_DIR WORK_DIR
set -euo pipefail
unset POLICYTUNE_BUILD_CACHE
policytune=$1
source_dir=$2
work=$3
fail() { echo "no_gpu: $*" >&2; exit 1; }
if command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
  echo "skipped: this machine has a GPU"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work"
log="$work/nvcc.log"
printf '#!/bin/sh\necho "$*" >>%q\nexit 1\n' "$log" >"$work/nvcc"
chmod +x "$work/nvcc"
"$policytune" search "$source_dir/bench/reduce/sum.cu" --cuda-arch 90 --nvcc "$work/nvcc" --db "$work/results.db" \
  --build-dir "$work/build" >"$work/out" 2>"$work/err" || fail "exit $?: $(cat "$work/err")"
[[ ! -s $log ]] || fail "it compiled: $(head -1 "$log")"
grep -q "^reduce.sum: not searched, nothing compiled: no GPU: " "$work/err" || fail "no 'no GPU' line: $(cat "$work/err")"
grep -q "^searched: 0 variants measured, .*; 1 benchmark not searched: no GPU; " "$work/out" ||
  fail "the summary does not count it: $(cat "$work/out")"
[[ $(sqlite3 "$work/results.db" "SELECT count(*) FROM measurements JOIN devices ON devices.id = device_id WHERE status = 'skipped' AND devices.name = 'none'") -eq 1 ]] ||
  fail "the skip is not stored"
