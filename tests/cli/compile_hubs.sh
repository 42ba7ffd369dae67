#!/usr/bin/env bash
# Every host benchmark and template the tests know, rendered without a database (--mode base, and
# --mode test where the benchmark declares a %TEST% variant), with and without --dispatch, and each
# header compiled with a translation unit that instantiates its policy struct (and selector): a
# template shape whose header does not compile fails here.
# Usage: compile_hubs.sh POLICYTUNE SOURCE_DIR WORK_DIR CXX
set -euo pipefail
policytune=$1
source_dir=$2
work=$3
cxx=$4
data=$source_dir/tests/data
failed=0

rm -rf "$work"
mkdir -p "$work"

# benchmark|template|a value of the struct|the same with --dispatch|--dispatch axis
pairs=(
  "$source_dir/bench/transpose/blocked.cpp|$source_dir/templates/transpose.mustache|transpose_policy<float>::tile|transpose_policy<float, transpose_policy_ranges<float>::select(1024)>::tile|Elements{io}"
  "$data/hubs/bench/transpose/blocked.cpp|$source_dir/templates/transpose.mustache|transpose_policy<double>::unroll|transpose_policy<double, transpose_policy_ranges<double>::select(1024)>::unroll|Elements{io}"
  "$source_dir/bench/radix_sort/host_keys.cpp|$source_dir/templates/radix_sort_host.mustache|radix_sort_policy<unsigned>::radix_bits|radix_sort_policy<unsigned, radix_sort_policy_ranges<unsigned>::select(1024)>::radix_bits|Elements{io}"
  "$data/search/bench/tiny/sum.cpp|$source_dir/tests/downstream/tiny_sum.mustache|sum_policy<int>::unroll|sum_policy<int, sum_policy_ranges<int>::select(1000)>::unroll|N"
  "$data/hubs/bench/reduce/sum.cu|$data/hubs/templates/reduce_host.mustache|reduce_policy<float, int>::items_per_thread|reduce_policy<float, int, reduce_policy_ranges<float, int>::select(1 << 20)>::threads_per_block|Elements{io}"
  "$data/hubs/bench/plain/scale.cpp|$data/hubs/templates/plain_scale.mustache|scale_policy::block|scale_policy<scale_policy_ranges::select(1024)>::block|Elements{io}"
)

count=0
for pair in "${pairs[@]}"; do
  IFS='|' read -r benchmark template use ranged_use axis <<<"$pair"
  modes=(base)
  grep -q '%TEST%' "$benchmark" && modes+=(test)
  for mode in "${modes[@]}"; do
    for dispatch in "" "$axis"; do
      count=$((count + 1))
      header=$work/hub_$count.hpp
      args=(generate --benchmark "$benchmark" --template "$template" --mode "$mode" --namespace compiled -o "$header")
      value=$use
      if [ -n "$dispatch" ]; then
        args+=(--dispatch "$dispatch")
        value=$ranged_use
      fi
      what="$(basename "$template") on $benchmark, --mode $mode${dispatch:+ --dispatch $dispatch}"
      if ! "$policytune" "${args[@]}"; then
        echo "FAILED to render: $what" >&2
        failed=1
        continue
      fi
      printf '#include "%s"\nusing namespace compiled;\nconstexpr int value = %s;\nstatic_assert(value >= 0);\n' \
        "$header" "$value" >"$work/use_$count.cpp"
      if ! "$cxx" -std=c++20 -fsyntax-only -Wall -Wextra -Werror "$work/use_$count.cpp"; then
        echo "FAILED to compile: $what ($header)" >&2
        failed=1
      else
        echo "compiles: $what"
      fi
    done
  done
done
[ "$count" -ge 20 ] || { echo "only $count headers rendered" >&2; exit 1; }
exit $failed
