// SPDX-License-Identifier: Apache-2.0
// The shipped library in one include: every tuned CUB algorithm PolicyTune ships.
#pragma once

#include <policytune/device_histogram.cuh>
#include <policytune/device_merge_sort.cuh>
#include <policytune/device_radix_sort.cuh>
#include <policytune/device_reduce.cuh>
#include <policytune/device_run_length_encode.cuh>
#include <policytune/device_scan.cuh>
#include <policytune/device_scan_by_key.cuh>
