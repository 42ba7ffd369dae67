#!/usr/bin/env bash
# A search split by partition through a real Slurm (a single-node cluster this test starts, with a
# "compile" and a "measure" partition): scripts/slurm-search --compile-partition builds the compile
# pool as a job on "compile", then 2 shards measure it on "measure" after it (afterok) and a merge
# joins them. The compiler works on "compile" only, so a measuring shard that compiled anything
# would fail; the merged database holds exactly the rows of the same search run in place.
# Usage: slurm_pool.sh POLICYTUNE SOURCE_DIR WORK_DIR CXX. Exit 77 (skipped) only where Slurm cannot start.
set -euo pipefail
policytune=$1
source_dir=$2
work=$3
cxx=$4
script=$source_dir/scripts/slurm-search

rm -rf "$work"
mkdir -p "$work"
source "$source_dir/tests/cli/slurm_cluster.sh"
slurm_cluster_for_test

fail() {
  echo "slurm_pool: $*" >&2
  tail -n 5 "$work"/shards/*.out >&2 2>/dev/null || true
  exit 1
}
rows() { sqlite3 "$@" 'SELECT variant, rt_workload, status FROM measurements' | sort -u; }

compiler="$work/compile-partition-c++"
printf '#!/bin/sh\n[ "$SLURM_JOB_PARTITION" = compile ] || { echo "no compiler on partition ${SLURM_JOB_PARTITION:-none}" >&2; exit 1; }\nexec %q "$@"\n' \
  "$cxx" >"$compiler"
chmod +x "$compiler"
search=("$source_dir/tests/data/search/bench/spread/sum.cpp" --strategy exhaustive --min-samples 3 --max-time 0.02 -j 1)
"$policytune" search "${search[@]}" --db "$work/in-place.db" --build-dir "$work/in-place" >"$work/in-place.log" 2>&1 ||
  fail "the search in place failed: $(tail -1 "$work/in-place.log")"

cd "$work"
submitted=$("$script" --compile-partition compile --partition measure --shards 2 --cpus-per-shard 1 \
  --policytune "$policytune" --db merged.db --work shards -- "${search[@]}" --cxx "$compiler")
echo "$submitted"
merge=$(sed -n 's/.*merge into .*: job \([0-9]*\)$/\1/p' <<<"$submitted")
[ -n "$merge" ] && grep -q "^compile pool: job [0-9]* on compile, into $work/shards/pool$" <<<"$submitted" ||
  fail "no pool or merge job in: $submitted"
wait_for_job "$merge"
grep -q "^pool $work/shards/pool: 6 variants of 1 benchmark in" shards/pool.out ||
  fail "the pool job: $(cat shards/pool.out)"
grep -q "^all 2 shards merged into $work/merged.db$" shards/merge-*.out || fail "the merge: $(cat shards/merge-*.out)"
for k in 1 2; do
  grep -q "^searched: [1-9][0-9]* variants measured, .*compiling 0.0 s" "shards/shard-$k.out" ||
    fail "shard $k: $(grep '^searched' "shards/shard-$k.out")"
done
[ "$(rows merged.db)" = "$(rows "$work/in-place.db")" ] ||
  fail "the pool's shards and the search in place hold different rows: $(diff <(rows merged.db) <(rows "$work/in-place.db") | head -5)"
echo "passed: the pool built on 'compile', measured in 2 shards on 'measure' without a compiler"
