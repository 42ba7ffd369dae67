#!/usr/bin/env bash
# A sharded host search through a real Slurm (a single-node cluster this test starts and stops):
# scripts/slurm-search submits 4 shards and the merge; shard 4 is cancelled with scancel while it
# runs, so the merge names it missing and keeps what the shards stored; the documented --resubmit
# resumes it, and the merged database then holds exactly the rows, and picks the winner, of the same
# search run unsharded.
# Usage: slurm.sh POLICYTUNE SOURCE_DIR WORK_DIR. Exit 77 (skipped) only where Slurm cannot start.
set -euo pipefail
# Every build compiles, none is copied from the test run's build cache: shard 4 must still be
# compiling when it is cancelled.
unset POLICYTUNE_BUILD_CACHE
policytune=$1
source_dir=$2
work=$3
script=$source_dir/scripts/slurm-search

rm -rf "$work"
mkdir -p "$work"
source "$source_dir/tests/cli/slurm_cluster.sh"
slurm_cluster_for_test

fail() {
  echo "slurm: $*" >&2
  tail -n 5 "$work"/shards/*.out >&2 2>/dev/null || true
  exit 1
}
rows() { sqlite3 "$@" 'SELECT variant, rt_workload, status FROM measurements' | sort -u; }
winner() {  # the best variant's name as analyze ranks it
  "$policytune" analyze --db "$1" --top 1 | awk '$1 == "variant" { getline; print $1; exit }'
}

search=("$source_dir/tests/data/search/bench/spread/sum.cpp" --strategy exhaustive --min-samples 3 --max-time 0.02 -j 1)
"$policytune" search "${search[@]}" --db "$work/whole.db" --build-dir "$work/whole-build" >"$work/whole.log" 2>&1 ||
  fail "the unsharded search failed: $(tail -1 "$work/whole.log")"

cd "$work"
submitted=$("$script" --shards 4 --cpus-per-shard 1 --policytune "$policytune" --db merged.db --work shards -- "${search[@]}")
echo "$submitted"
array=$(sed -n 's/^shards: job array \([0-9]*\) .*/\1/p' <<<"$submitted")
merge=$(sed -n 's/.*merge into .*: job \([0-9]*\)$/\1/p' <<<"$submitted")
[ -n "$array" ] && [ -n "$merge" ] || fail "no job ids in: $submitted"
# Shard 4 is killed halfway, as by a dying node: once it runs (two shards run at once on the two
# CPUs, so it starts when one of the first ends), a few seconds into its compiles.
for _ in $(seq 240); do
  [ "$(squeue -h -j "${array}_4" -o %T 2>/dev/null)" = RUNNING ] && break
  sleep 0.5
done
sleep 3
scancel "${array}_4"
wait_for_job "$merge"

merge_log=shards/merge-$merge.out
grep -q "^missing shards: 4 of 4 (resume: .* --work $work/shards --resubmit 4)$" "$merge_log" ||
  fail "the merge did not name shard 4 missing: $(cat "$merge_log")"
[ "$(rows merged.db)" = "$(for db in shards/shard-*.db; do rows "$db"; done | sort -u)" ] ||
  fail "the partial merge lost rows the finished shards stored"

resumed=$("$script" --work shards --resubmit 4)
echo "$resumed"
merge=$(sed -n 's/.*merge: job \([0-9]*\)$/\1/p' <<<"$resumed")
[ -n "$merge" ] || fail "no merge job id in: $resumed"
wait_for_job "$merge"
grep -q "^all 4 shards merged into $work/merged.db$" "shards/merge-$merge.out" ||
  fail "the merge after the resumed shard: $(cat "shards/merge-$merge.out")"

[ "$(rows merged.db)" = "$(rows "$work/whole.db")" ] ||
  fail "the merged database and the unsharded one hold different rows: $(diff <(rows merged.db) <(rows "$work/whole.db") | head -5)"
# A shard resubmitted whose database is complete measures nothing: a resumed shard measures only
# what its database lacks.
resumed=$("$script" --work shards --resubmit 1)
wait_for_job "$(sed -n 's/.*merge: job \([0-9]*\)$/\1/p' <<<"$resumed")"
grep -q "^searched: 0 variants measured, [1-9][0-9]* found stored" shards/shard-1.out ||
  fail "shard 1 resubmitted measured again: $(grep '^searched' shards/shard-1.out)"
# Two merges at once (as when a resubmitted shard's merge meets an earlier one) leave it whole.
first=$(sbatch --parsable shards/merge.sbatch)
second=$(sbatch --parsable shards/merge.sbatch)
wait_for_job "$first"
wait_for_job "$second"
[ "$(sqlite3 merged.db 'PRAGMA integrity_check')" = ok ] && [ "$(rows merged.db)" = "$(rows "$work/whole.db")" ] ||
  fail "two merges at once changed the merged database"
sharded_winner=$(winner merged.db)
whole_winner=$(winner "$work/whole.db")
[ -n "$whole_winner" ] && [ "$sharded_winner" = "$whole_winner" ] ||
  fail "winners differ: sharded '$sharded_winner', unsharded '$whole_winner'"
echo "passed: 4 shards through Slurm, shard 4 cancelled and resumed; both pick $whole_winner"
