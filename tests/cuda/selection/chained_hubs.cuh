// The chained hubs of every shipped algorithm, whose selection the checks read on every release: the
// library includes them only up to CCCL 3.4 (from 3.5 it includes the selectors, since the chained
// hubs name what 3.5 deprecates), and the checks compare the 3.5 selectors with them.
// Included by tests/cuda/policies_selection.cu ahead of its unnamed namespace.
#pragma once

#include <policytune/tuning/histogram_even.cuh>
#include <policytune/tuning/merge_sort_keys.cuh>
#include <policytune/tuning/non_trivial_runs.cuh>
#include <policytune/tuning/partition_three_way.cuh>
#include <policytune/tuning/radix_sort_keys.cuh>
#include <policytune/tuning/radix_sort_pairs.cuh>
#include <policytune/tuning/reduce_by_key.cuh>
#include <policytune/tuning/reduce_sum.cuh>
#include <policytune/tuning/run_length_encode.cuh>
#include <policytune/tuning/scan_exclusive_sum.cuh>
#include <policytune/tuning/scan_exclusive_sum_by_key.cuh>
#include <policytune/tuning/select_if.cuh>
#include <policytune/tuning/select_unique.cuh>
