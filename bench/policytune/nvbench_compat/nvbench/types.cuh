// SPDX-License-Identifier: Apache-2.0
// PolicyTune's stand-in for NVBench's <nvbench/types.cuh>, which some of CUB's benchmarks include
// besides <nvbench/nvbench.cuh>: everything is in the one header.
#pragma once

#include <nvbench/nvbench.cuh>
