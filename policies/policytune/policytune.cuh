// SPDX-License-Identifier: Apache-2.0
// PolicyTune's shipped library in one include: every tuned CUB algorithm (policytune::device_*),
// each with CUB's contract and CUB's own policy wherever nothing was tuned.
#pragma once

#include <policytune/device_histogram.cuh>         // device_histogram_even
#include <policytune/device_merge_sort.cuh>        // device_merge_sort_keys
#include <policytune/device_partition.cuh>         // device_partition_three_way
#include <policytune/device_radix_sort.cuh>        // device_radix_sort_keys, device_radix_sort_pairs
#include <policytune/device_reduce.cuh>            // device_reduce_sum, device_reduce_by_key
#include <policytune/device_run_length_encode.cuh> // device_run_length_encode, device_non_trivial_runs
#include <policytune/device_scan.cuh>              // device_exclusive_sum
#include <policytune/device_scan_by_key.cuh>       // device_exclusive_sum_by_key
#include <policytune/device_select.cuh>            // device_select_if, device_select_unique
