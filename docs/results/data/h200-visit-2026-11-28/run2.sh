#!/usr/bin/env bash
# One GPU visit (issue 53): correctness of the shipped library on the card, then the compile pools
# of reduce.sum, scan.exclusive.sum and radix_sort.keys measured, compiling nothing.
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-/tmp/out}
mkdir -p "$out"
start=$(date +%s)
{
  echo "visit: $(date -u +%FT%TZ)"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv
  nvidia-smi -L
} >"$out/card.txt" 2>&1
cd "$here"
: no consumers again
echo "correctness done after $(( $(date +%s) - start )) s" >>"$out/card.txt"
cd visit
# Each benchmark its share of what is left, 6.6 minutes after the start in all: a few variants of
# every workload rather than all of the first ones; no confirmation round (its rows could not win
# over confirmed ones, and it costs four runs a workload).
remaining=3
for benchmark in bench/reduce/sum.cu bench/scan/exclusive/sum.cu bench/radix_sort/keys.cu; do
  share=$(awk -v s="$start" -v now="$(date +%s)" -v n="$remaining" 'BEGIN { printf "%.2f", (4.4 - (now - s) / 60) / n }')
  remaining=$((remaining - 1))
  echo "measuring $benchmark, deadline $share min, after $(( $(date +%s) - start )) s" >>"$out/card.txt"
  BENCHMARKS=$benchmark SEARCH_ARGS="--budget 24 --confirm 3" scripts/visit-plan measure --deadline "$share" \
    >>"$out/measure.log" 2>&1
  echo "exit $? after $(( $(date +%s) - start )) s" >>"$out/card.txt"
  cp visit/*.db "$out/" 2>/dev/null
done
ls -la "$out" >>"$out/card.txt"
