#!/usr/bin/env bash
# scripts/visit-plan end to end on a host benchmark: prepare packs the bundle and a compile pool
# within the size asked, and measure, run in the bundle with its own tool and a compiler-less PATH,
# unpacks the pool, searches it into visit/<name>.db and says what to merge; run again, it measures
# nothing new. A library's own benchmark, outside the checkout and including its own header
# (POOL_ARGS -I), travels in the bundle's extra/ under its name and is measured beside it. A pool that
# does not fit the size asked is left out, said.
# Usage: visit_plan.sh SOURCE_DIR POLICYTUNE PORTABLE_POLICYTUNE WORK_DIR
set -euo pipefail
source_dir=$1
policytune=$2
portable=$3
work=$4
fail() { echo "visit_plan: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work"
# The library's benchmark: the checkout's, with a header of its own the pool finds through -I.
mkdir -p "$work/library/bench/transpose" "$work/library/include"
echo '#define LIBRARY_HEADER_FOUND 1' >"$work/library/include/library.hpp"
{
  echo '#include "library.hpp"'
  echo 'static_assert(LIBRARY_HEADER_FOUND, "the pool compiles with POOL_ARGS");'
  cat "$source_dir/bench/transpose/blocked.cpp"
} >"$work/library/bench/transpose/own.cpp"
export VISIT_PLAN_BUILD=$work/build
BENCHMARKS="bench/transpose/blocked.cpp $work/library/bench/transpose/own.cpp" POOL_ARGS="-I $work/library/include" \
  POLICYTUNE=$policytune "$source_dir/scripts/visit-plan" prepare "$work/visit" --tool "$portable" --budget 2 \
  --max-size 30 >"$work/prepare.out" 2>"$work/prepare.err" || fail "prepare: $(tail -3 "$work/prepare.err")"
[[ $(cat "$work/visit/visit-benchmarks.txt") == $'bench/transpose/blocked.cpp\nextra/bench/transpose/own.cpp' ]] ||
  fail "visit-benchmarks.txt: $(cat "$work/visit/visit-benchmarks.txt")"
cmp -s "$work/library/bench/transpose/own.cpp" "$work/visit/extra/bench/transpose/own.cpp" ||
  fail "the library's benchmark is not in the bundle as it was"
[[ -f $work/visit/pools/transpose.own.tar.xz ]] || fail "no pool of the library's benchmark"
grep -q "^visit-plan: $work/visit: [0-9]* KiB in all" "$work/prepare.out" || fail "no size said: $(cat "$work/prepare.out")"
[[ $(du -sk "$work/visit" | cut -f1) -le $((30 * 1024)) ]] || fail "the visit's folder is over 30 MiB"
[[ -x $work/visit/scripts/visit-plan && -f $work/visit/pools/transpose.blocked.tar.xz ]] ||
  fail "no visit-plan or packed pool in the bundle"
[[ ! -e $work/visit/pool ]] || fail "the unpacked pool is in the visit's folder: it would be carried twice"
grep -q "^visit-plan: transpose.blocked: pool of [0-9]* MiB packed to [0-9.]* MiB$" "$work/prepare.err" ||
  fail "no packed size said: $(cat "$work/prepare.err")"

# Over the size: the bundle alone is more than 1 MiB, so the pool is left out, and said so.
BENCHMARKS=bench/transpose/blocked.cpp POLICYTUNE=$policytune "$source_dir/scripts/visit-plan" prepare "$work/small" --tool "$portable" --budget 2 \
  --max-size 1 >"$work/small.out" 2>"$work/small.err" || fail "prepare --max-size 1: $(tail -3 "$work/small.err")"
grep -q "^visit-plan: transpose.blocked left out: its pool packs to [0-9.]* MiB, and .* over --max-size 1 (the bundle alone holds [0-9.]* MiB)" \
  "$work/small.err" || fail "no left-out line: $(cat "$work/small.err")"
[[ ! -e $work/small/pools/transpose.blocked.tar.xz ]] || fail "the pool over the size was kept"

cd "$work/visit"
mkdir -p no-compiler
measure() {
  env -u POLICYTUNE PATH="$PWD/no-compiler:/usr/bin:/bin" CXX=false SEARCH_ARGS="--min-samples 3 --max-time 0.02 --cxx false" \
    scripts/visit-plan measure --deadline 5
}
measure >"$work/measure.out" 2>"$work/measure.err" || fail "measure: $(tail -3 "$work/measure.err")"
[[ $(grep -c "^searched: 4 variants measured, 0 found stored, .* compiling 0.0 s" "$work/measure.out") == 2 ]] ||
  fail "measure, of both benchmarks: $(cat "$work/measure.out")"
[[ -f pool/transpose.blocked/pool.json ]] || fail "measure did not unpack the pool"
grep -q "policytune merge --db policies/databases/transpose.blocked.db <copied>/visit/transpose.blocked.db" \
  "$work/measure.out" || fail "no merge line: $(cat "$work/measure.out")"
measure >"$work/again.out" 2>/dev/null || fail "measure again failed"
grep -q "<copied>/visit/transpose.own.db" "$work/measure.out" || fail "no merge line of the library's benchmark"
[[ $(grep -c "^searched: 0 variants measured, 4 found stored" "$work/again.out") == 2 ]] || fail "again: $(cat "$work/again.out")"
