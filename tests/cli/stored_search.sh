#!/usr/bin/env bash
# A search whose results are all stored compiles nothing, even in a fresh build folder; one that
# lacks results compiles base and exactly the variants it lacks. Every compile goes through a
# compiler that records its command line, so the test counts compiles, never times them.
# Usage: stored_search.sh POLICYTUNE SOURCE_DIR WORK_DIR CXX CASE
#   CASE setup: the first search (2 variants of one workload) into WORK_DIR/setup;
#   complete, missing: a copy of its database searched again in a fresh build folder.
set -euo pipefail
# Compiles are what is counted: none may be copied from the test run's build cache instead.
unset POLICYTUNE_BUILD_CACHE
policytune=$1
source_dir=$2
work=$3
cxx=$4
case=$5

folder="$work/$case"
rm -rf "$folder"
mkdir -p "$folder"
log="$folder/compiles.log"
: >"$log"
# The same compiler file for every case (the key of base's answer holds it), logging per case.
compiler="$work/recording-c++"
if [[ $case == setup ]]; then
  printf '#!/bin/sh\nprintf "%%s\\n" "$*" >>"$POLICYTUNE_COMPILE_LOG"\nexec "%s" "$@"\n' "$cxx" >"$compiler"
  chmod +x "$compiler"
else
  cp "$work/setup/results.db" "$folder/results.db"
fi

search() {  # search BUDGET [OPTION...]
  POLICYTUNE_COMPILE_LOG=$log "$policytune" search "$source_dir/tests/data/search/bench/tiny/sum.cpp" -a 'T{ct}=I32' \
    --strategy exhaustive --budget "$1" "${@:2}" --db "$folder/results.db" --build-dir "$folder/build" --cxx "$compiler" \
    --min-samples 3 --max-time 0.02 2>>"$folder/log"
}
compiles() { wc -l <"$log" | tr -d ' '; }
fail() { echo "stored_search ($case): $*" >&2; cat "$log" >&2; exit 1; }

case $case in
  setup)
    first=$(search 2)
    echo "first search: $first ($(compiles) compiles)"
    [[ $first == "searched: 2 variants measured, 0 found stored"* ]] || fail "the first search did not measure 2 variants"
    [[ $(grep -c -- '-DTUNE_BASE=1' "$log") -eq 1 ]] || fail "the recording compiler did not see base built";;
  complete)
    # Everything stored: a fresh build folder (a fresh configure) builds neither base nor a variant,
    # nor the finalists of a confirmation round (setup's search confirmed them).
    again=$(search 2)
    echo "fresh build folder: $again ($(compiles) compiles)"
    [[ $again == "searched: 0 variants measured, 2 found stored, 0 failed"* ]] || fail "it did not find both stored"
    [[ $(compiles) -eq 0 ]] || fail "it compiled although everything was stored";;
  missing)
    # One variant more wanted: base is built once, and the missing variant alone. (Its confirmation
    # round would build the finalists again, unroll_3 among them: --confirm 0 counts the search's.)
    more=$(search 3 --confirm 0)
    echo "one variant more: $more"
    cat "$log"
    [[ $more == "searched: 1 variants measured, 2 found stored, 0 failed"* ]] || fail "it did not measure exactly the missing one"
    [[ $(grep -c -- '-DTUNE_BASE=1' "$log") -eq 1 ]] || fail "base was not built exactly once"
    [[ $(grep -c -- '-DTUNE_UNROLL=3' "$log") -eq 1 ]] || fail "unroll_3 was not built once"
    [[ $(compiles) -eq 2 ]] || fail "it compiled more than base and the missing variant";;
  *) fail "unknown case";;
esac
