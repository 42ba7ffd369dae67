#!/usr/bin/env bash
# A benchmark written exactly as CUB's own (tests/data/cub_style: <nvbench_helper.cuh>,
# <look_back_helper.cuh>, a local "base.cuh") searched end to end without any include path
# given: base and a variant compile (--compile-only), then the host-checkable part of base runs
# (--list needs no device; a run says there is none, or runs where there is one).
# Usage: cub_style.sh POLICYTUNE SOURCE_DIR WORK_DIR NVCC
set -euo pipefail
policytune=$1
source_dir=$2
work=$3
nvcc=$4

rm -rf "$work"
mkdir -p "$work"
bench="$source_dir/tests/data/cub_style/bench/scan/exclusive/sum.cu"
# Base whole first (every workload: its listing is checked below); the filtered search then uses it
# rather than a base narrowed to the filter.
"$policytune" search "$bench" --compile-only --budget 0 --cuda-arch 90 --nvcc "$nvcc" --build-dir "$work/build" \
  >"$work/base-out" 2>"$work/err" || {
  cat "$work/err" >&2
  exit 1
}
"$policytune" search "$bench" --compile-only --strategy random --seed 1 --budget 1 -a 'T{ct}=I32' \
  -a 'OffsetT{ct}=I32' --cuda-arch 90 --nvcc "$nvcc" --build-dir "$work/build" >"$work/out" 2>"$work/err" || {
  cat "$work/err" >&2
  exit 1
}
grep -q '^compiled: 1 variants, 0 failed' "$work/out" || { cat "$work/out" "$work/err" >&2; exit 1; }
if grep -q 'building base' "$work/out" "$work/err"; then
  echo "cub_style: the filtered search built a base of its own beside the whole one" >&2
  exit 1
fi

base=$(ls "$work"/build/scan.exclusive.sum/*/base)
list=$("$base" --list)
for expected in '"name":"base"' '"name":"helpers"' '"name":"T{ct}","kind":"type","values":[{"label":"I32"' \
  '{"label":"F32","type":"float"}' '"name":"Entropy","kind":"string","values":["1.000","0.201","0.000"]' \
  '"name":"Segments","kind":"int64","pow2":false,"values":["1","1000"]'; do
  [[ $list == *"$expected"* ]] || { echo "cub_style: --list lacks $expected: $list" >&2; exit 1; }
done

status=0
run=$("$base" -a 'T{ct}=I32' -a 'OffsetT{ct}=I32' -a 'Elements{io}[pow2]=16' --max-time 0.01) || status=$?
if [[ $status -eq 77 ]]; then
  [[ $run == *'"status":"no_device"'* ]] || { echo "cub_style: exit 77 without no_device: $run" >&2; exit 1; }
elif [[ $status -ne 0 || $run != *'"status":"ok"'* ]]; then
  echo "cub_style: base run failed ($status): $run" >&2
  exit 1
fi
echo "base and a variant compiled; base lists its axes and runs (exit $status)"
