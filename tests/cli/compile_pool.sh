#!/usr/bin/env bash
# A compile pool, built in one folder and measured in another where no compiler works: the measuring
# search stores the same variants' rows as a search that compiles in place, a --deadline stops it
# cleanly with what it measured stored and the same command finishes the rest, and a pool that
# cannot serve the search is refused before anything runs or is stored.
# Usage: compile_pool.sh POLICYTUNE SOURCE_DIR WORK_DIR CASE
#   CASE setup: the pool (4 variants of spread.sum, random, seed 3) and one of the whole space;
#   same_rows, deadline, refused: measured from those pools.
set -euo pipefail
policytune=$1
source_dir=$2
work=$3
case=$4

benchmark_dir="$work/bench/spread"  # the name is spread.sum, wherever the folder lies
benchmark="$benchmark_dir/sum.cpp"
fail() { echo "compile_pool $case: $*" >&2; exit 1; }
sampling=(--min-samples 3 --max-time 0.02)

# Where the pool is measured: PATH without a compiler, and --cxx naming one that fails.
no_compiler() {
  local bin="$work/$case/no-compiler"
  mkdir -p "$bin"
  printf '#!/bin/sh\necho "no compiler on this machine" >&2\nexit 1\n' >"$bin/c++"
  chmod +x "$bin/c++"
  env PATH="$bin" "$policytune" search "$benchmark" --cxx "$bin/c++" --build-dir "$work/$case/measure" \
    "${sampling[@]}" "$@"
}

# Each variant's stored rows, one line per runtime workload: what two searches must agree on.
rows_of() {
  sqlite3 "$1" "select variant || ' ' || rt_workload || ' ' || status from measurements order by 1"
}

if [[ $case == setup ]]; then
  rm -rf "$work"
  mkdir -p "$benchmark_dir"
  cp "$source_dir/tests/data/search/bench/spread/sum.cpp" "$benchmark"
  "$policytune" pool "$benchmark" --pool "$work/pool" --strategy random --budget 4 --seed 3 \
    --build-dir "$work/build" >"$work/pool.out" 2>"$work/pool.err" || fail "pool: $(cat "$work/pool.err")"
  grep -q "^pool $work/pool: 4 variants of 1 benchmark in [0-9]* binaries, [0-9.]* MiB" "$work/pool.out" ||
    fail "the pool's size is not said: $(cat "$work/pool.out")"
  # Run again, it builds nothing: the pool holds all four.
  "$policytune" pool "$benchmark" --pool "$work/pool" --strategy random --budget 4 --seed 3 \
    --build-dir "$work/build" >"$work/again.out" 2>/dev/null || fail "the second pool command failed"
  grep -q "built now: 0 variants" "$work/again.out" || fail "a second pool command built again: $(cat "$work/again.out")"
  "$policytune" pool "$benchmark" --pool "$work/whole" --build-dir "$work/build" >/dev/null 2>"$work/whole.err" ||
    fail "pool of the whole space: $(cat "$work/whole.err")"
  exit 0
fi

rm -rf "${work:?}/$case"
mkdir -p "$work/$case"
case $case in
  same_rows)
    no_compiler --pool "$work/pool" --db "$work/$case/visit.db" >"$work/$case/visit.out" 2>"$work/$case/visit.err" ||
      fail "the pool's search failed: $(cat "$work/$case/visit.err")"
    grep -q "compiling 0.0 s" "$work/$case/visit.out" || fail "it compiled: $(cat "$work/$case/visit.out")"
    "$policytune" search "$benchmark" --strategy random --budget 4 --seed 3 --build-dir "$work/$case/in-place" \
      --db "$work/$case/in-place.db" "${sampling[@]}" >/dev/null 2>"$work/$case/in-place.err" ||
      fail "the search in place failed: $(cat "$work/$case/in-place.err")"
    [[ "$(rows_of "$work/$case/visit.db")" == "$(rows_of "$work/$case/in-place.db")" ]] ||
      fail "the pool's rows differ from the search's in place:
$(rows_of "$work/$case/visit.db")
--
$(rows_of "$work/$case/in-place.db")"
    [[ $(sqlite3 "$work/$case/visit.db" "select count(distinct variant) from measurements where confirmed_rounds > 0") -gt 1 ]] ||
      fail "the pool's finalists were not confirmed"
    # Measured, the pool keeps its binaries: the next visit measures them again.
    "$policytune" search "$benchmark" --pool "$work/pool" --build-dir "$work/$case/measure" --db "$work/$case/again.db" \
      "${sampling[@]}" >/dev/null 2>&1 || fail "the pool cannot be measured twice"
    ;;
  deadline)
    db="$work/$case/visit.db"
    # Past the deadline at once: the first round (4 variants, one lane) is measured, then it stops.
    no_compiler --pool "$work/whole" --db "$db" --deadline 0.000001 >"$work/$case/first.out" 2>"$work/$case/first.err" ||
      fail "the search with a deadline failed: $(cat "$work/$case/first.err")"
    grep -q "the --deadline of 1e-06 min stopped the search before its end: the same command resumes" \
      "$work/$case/first.out" || fail "the deadline is not said: $(cat "$work/$case/first.out")"
    grep -q "the confirmation skipped" "$work/$case/first.err" || fail "the skipped confirmation is not said"
    [[ $(sqlite3 "$db" "select count(distinct variant) from measurements where variant != 'base'") -eq 4 ]] ||
      fail "not the first round's 4 variants stored: $(rows_of "$db")"
    [[ $(sqlite3 "$db" "select count(*) from measurements where confirmed_rounds > 0") -eq 0 ]] ||
      fail "confirmed rows although the confirmation was skipped"
    no_compiler --pool "$work/whole" --db "$db" >"$work/$case/second.out" 2>"$work/$case/second.err" ||
      fail "the resumed search failed: $(cat "$work/$case/second.err")"
    grep -q "searched: 2 variants measured, 4 found stored" "$work/$case/second.out" ||
      fail "the resumed search did not measure the rest alone: $(cat "$work/$case/second.out")"
    [[ $(sqlite3 "$db" "select count(distinct variant) from measurements where variant != 'base'") -eq 6 ]] ||
      fail "not all 6 variants stored"
    [[ $(sqlite3 "$db" "select count(*) from measurements where confirmed_rounds > 0") -gt 0 ]] ||
      fail "the resumed search did not confirm"
    ;;
  refused)
    # Each: exit 2, one line naming the mismatch, no database made.
    refused() {  # refused REGEX [SEARCH OPTION...]
      local regex=$1
      shift
      local db="$work/$case/refused.db"
      set +e
      "$policytune" search "$@" --build-dir "$work/$case/measure" --db "$db" >"$work/$case/out" 2>"$work/$case/err"
      local status=$?
      set -e
      [[ $status -eq 2 ]] || fail "exit $status, not 2, for $*: $(cat "$work/$case/err")"
      [[ $(wc -l <"$work/$case/err") -eq 1 ]] || fail "not one line: $(cat "$work/$case/err")"
      grep -Eq "$regex" "$work/$case/err" || fail "'$(cat "$work/$case/err")' does not match '$regex'"
      [[ ! -e $db ]] || fail "a refused search made its database"
    }
    edited="$work/$case/bench/spread/sum.cpp"
    mkdir -p "$(dirname "$edited")"
    { cat "$benchmark"; echo "// edited"; } >"$edited"
    refused "^policytune: error: $edited: the pool .* holds spread.sum built from another text of this file" \
      "$edited" --pool "$work/pool"
    refused "^policytune: error: $work/pool/pool.json: the pool was built for --cuda-arch 90, and this search names --cuda-arch 80$" \
      "$benchmark" --pool "$work/pool" --cuda-arch 80
    other="$work/$case/other-cxx"
    printf '#!/bin/sh\necho "clang version 99.0.0"\n' >"$other"
    chmod +x "$other"
    refused "^policytune: error: $work/pool/pool.json: the pool was built with c\+\+ \(.*\), and --cxx $other says it is 'clang version 99.0.0': build the pool with it, or leave --cxx out$" \
      "$benchmark" --pool "$work/pool" --cxx "$other"
    refused "^policytune: error: $work/$case/nothing/pool.json: no compile pool here" \
      "$benchmark" --pool "$work/$case/nothing"
    ;;
  *) fail "unknown case" ;;
esac
