// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: CUB's predefined type lists, narrowed by the TUNE_ macros.
//
// When the driver builds one compile-time workload it defines TUNE_<axis> to that workload's type
// (`-DTUNE_T=float`), and the list collapses to that one type, so a variant compiles only what it
// is measured on. The lists are those of CUB's tuning documentation:
//
//   axis          list                 types
//   T{ct}         integral_types       int8_t, int16_t, int32_t, int64_t
//   T{ct}         fundamental_types    integral_types and int128_t (where the compiler has it), float, double
//   T{ct}         all_types            fundamental_types (the harness has no complex type)
//   OffsetT{ct}   offset_types         int32_t, int64_t
#pragma once

#include <policytune/bench/types.hpp>

namespace policytune::bench
{
#ifdef TUNE_T
using integral_types    = type_list<TUNE_T>;
using fundamental_types = type_list<TUNE_T>;
using all_types         = type_list<TUNE_T>;
#else
using integral_types = type_list<int8_t, int16_t, int32_t, int64_t>;
#  if POLICYTUNE_BENCH_HAS_INT128
using fundamental_types = type_list<int8_t, int16_t, int32_t, int64_t, int128_t, float, double>;
#  else
using fundamental_types = type_list<int8_t, int16_t, int32_t, int64_t, float, double>;
#  endif
using all_types = fundamental_types;
#endif

#ifdef TUNE_OffsetT
using offset_types = type_list<TUNE_OffsetT>;
#else
using offset_types = type_list<int32_t, int64_t>;
#endif
} // namespace policytune::bench

// CUB's benchmarks name these lists (and int128_t) unqualified at global scope.
#ifndef POLICYTUNE_BENCH_NO_GLOBAL_TYPE_LISTS
using policytune::bench::all_types;
using policytune::bench::fundamental_types;
using policytune::bench::integral_types;
using policytune::bench::offset_types;
#  if POLICYTUNE_BENCH_HAS_INT128
using policytune::bench::int128_t;
using policytune::bench::uint128_t;
#  endif
#endif
