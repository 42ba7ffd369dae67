#!/usr/bin/env bash
# One `policytune check` per kind through a real Slurm (a single-node cluster this test starts and
# stops, its node given the features cpu_a and cpu_b that stand for two CPU models): scripts/slurm-check
# submits a host check on each; the second is cancelled with scancel while it runs, so the collect
# names it missing and fails; the documented --resubmit runs it again, and the collect then names both
# passed. A database whose stored results make the slowest variant the shipped one gives a check that
# regresses, which the collect names FAILED.
# Usage: slurm_check.sh POLICYTUNE SOURCE_DIR WORK_DIR. Exit 77 (skipped) only where Slurm cannot start.
set -euo pipefail
# Every build compiles, none is copied from the test run's build cache: the second check must
# still be building when it is cancelled.
unset POLICYTUNE_BUILD_CACHE
policytune=$1
source_dir=$2
work=$3
script=$source_dir/scripts/slurm-check

rm -rf "$work"
mkdir -p "$work"
source "$source_dir/tests/cli/slurm_cluster.sh"
slurm_cluster_for_test cpu_a,cpu_b

fail() {
  echo "slurm_check: $*" >&2
  tail -n 5 "$work"/checks*/*.out >&2 2>/dev/null || true
  exit 1
}
exit_code() {  # a finished job's, as the controller still remembers it
  scontrol show job "$1" | sed -n 's/.* ExitCode=\([0-9]*\):.*/\1/p'
}
job_of() {  # the id a line of the script's output names, `task K KIND: job ID` or `collect: job ID, ...`
  sed -n "s/^$1: job \([0-9]*\).*/\1/p" <<<"$2"
}

sum=$source_dir/tests/data/search/bench/spread/sum.cpp
"$policytune" search "$sum" --strategy exhaustive --min-samples 3 --max-time 0.02 -j 1 \
  --db "$work/stored.db" --build-dir "$work/search-build" >"$work/search.log" 2>&1 ||
  fail "the search failed: $(tail -1 "$work/search.log")"

cd "$work"
# Drift from the stored times is this machine's load, which the test does not control (CTest runs it
# beside other tests): what is under test is Slurm's part and the verdicts relative to base.
check=("$sum" --min-samples 3 --max-time 0.02 -j 1 --max-drift 10)
submitted=$("$script" --hosts cpu_a,cpu_b --cpus-per-check 1 --policytune "$policytune" --db stored.db \
  --work checks -- "${check[@]}")
echo "$submitted"
second=$(job_of "task 2 cpu_b" "$submitted")
collect=$(job_of collect "$submitted")
[ -n "$second" ] && [ -n "$collect" ] || fail "no job ids in: $submitted"
# The second check is killed a second into its builds, as by a dying node (both run at once on the
# node's two CPUs).
for _ in $(seq 240); do
  [ "$(squeue -h -j "$second" -o %T 2>/dev/null)" = RUNNING ] && break
  sleep 0.5
done
sleep 1
scancel "$second"
wait_for_job "$collect"
summary=$(cat checks/summary.txt)
grep -q "^task 1 cpu_a: passed (check passed: 2 runtime workloads of shipped policies no slower than base)$" <<<"$summary" &&
  grep -q "^task 2 cpu_b: did not finish (cancelled, out of time or its node lost; log: $work/checks/check-2.out)$" <<<"$summary" &&
  grep -q "^check on 2 kinds: 1 passed, 0 failed, 1 did not finish$" <<<"$summary" &&
  grep -q "^missing: 2 of 2 (resubmit: .*slurm-check --work $work/checks --resubmit 2)$" <<<"$summary" ||
  fail "the collect did not name task 2 missing: $summary"
[ "$(exit_code "$collect")" = 1 ] || fail "the collect with a task missing exited $(exit_code "$collect"), not 1"
[ "$(cat "checks/collect-$collect.out")" = "$summary" ] || fail "the collect's output is not its summary"

resumed=$("$script" --work checks --resubmit 2)
echo "$resumed"
collect=$(job_of collect "$resumed")
[ -n "$(job_of "task 2 cpu_b" "$resumed")" ] && [ -n "$collect" ] || fail "no job ids in: $resumed"
wait_for_job "$collect"
summary=$(cat checks/summary.txt)
[ "$(grep -c '^task [12] cpu_[ab]: passed (check passed: ' <<<"$summary")" = 2 ] &&
  grep -q "^check on 2 kinds: 2 passed, 0 failed, 0 did not finish$" <<<"$summary" ||
  fail "the collect after the resubmitted check: $summary"
[ "$(exit_code "$collect")" = 0 ] || fail "the collect with both passed exited $(exit_code "$collect")"
grep -q '<testsuite' checks/check-2.xml || fail "check 2 wrote no JUnit file"

# Stored results that make repeat_6, which reads the data 6 times to base's 4, the winner: shipped,
# it is slower than base, and the check regresses.
cp stored.db regressed.db
sqlite3 regressed.db "UPDATE measurements SET median = median / 100, mean = mean / 100, min = min / 100,
  max = max / 100, confirmed_rounds = 3 WHERE variant = 'repeat_6'"
submitted=$("$script" --hosts cpu_a --cpus-per-check 1 --policytune "$policytune" --db regressed.db \
  --work checks-regressed -- "${check[@]}")
collect=$(job_of collect "$submitted")
[ -n "$collect" ] || fail "no job id in: $submitted"
wait_for_job "$collect"
summary=$(cat checks-regressed/summary.txt)
grep -q "^task 1 cpu_a: FAILED (check FAILED: 2 regressions, 0 drifted from the database, 0 failed to run; table in .*/check-1.out, JUnit .*/check-1.xml)$" <<<"$summary" &&
  grep -q "^check on 1 kind: 0 passed, 1 failed, 0 did not finish$" <<<"$summary" ||
  fail "the collect did not name the regression: $summary"
[ "$(exit_code "$collect")" = 1 ] || fail "the collect with a regression exited $(exit_code "$collect"), not 1"
echo "passed: a check on two kinds through Slurm, one cancelled and resubmitted, both passed; a regression named FAILED"
