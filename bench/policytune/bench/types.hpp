// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the types on type axes (NVBench's names for them) and how each is
// named (type_strings). The lists of them are in type_lists.hpp.
#pragma once

#include <cstdint>

namespace policytune::bench
{
using int8_t    = std::int8_t;
using int16_t   = std::int16_t;
using int32_t   = std::int32_t;
using int64_t   = std::int64_t;
using uint8_t   = std::uint8_t;
using uint16_t  = std::uint16_t;
using uint32_t  = std::uint32_t;
using uint64_t  = std::uint64_t;
using float32_t = float;
using float64_t = double;
#if defined(__SIZEOF_INT128__)
#  define POLICYTUNE_BENCH_HAS_INT128 1
__extension__ typedef __int128 int128_t;
__extension__ typedef unsigned __int128 uint128_t;
#else
#  define POLICYTUNE_BENCH_HAS_INT128 0
#endif

/// How a type axis value is named: `label` is the short name used in workload strings and on the
/// command line (`I32`), `spelling` is a C++ spelling of the type that the driver passes back as
/// `-DTUNE_<axis>=<spelling>` (`::std::int32_t`). Specialize it for your own types with
/// POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS (or NVBENCH_DECLARE_TYPE_STRINGS) at global scope.
template <class T>
struct type_strings
{
  static_assert(sizeof(T) != sizeof(T),
                "this type is used on a type axis but has no name: declare one with "
                "POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(type, \"label\", \"C++ spelling\")");
};
} // namespace policytune::bench

/// Names a type axis value; use at global scope.
#define POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(Type, Label, Spelling) \
  template <>                                                        \
  struct policytune::bench::type_strings<Type>                       \
  {                                                                  \
    static constexpr const char* label    = Label;                   \
    static constexpr const char* spelling = Spelling;                \
  }

POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(std::int8_t, "I8", "::std::int8_t");
POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(std::int16_t, "I16", "::std::int16_t");
POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(std::int32_t, "I32", "::std::int32_t");
POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(std::int64_t, "I64", "::std::int64_t");
POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(std::uint8_t, "U8", "::std::uint8_t");
POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(std::uint16_t, "U16", "::std::uint16_t");
POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(std::uint32_t, "U32", "::std::uint32_t");
POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(std::uint64_t, "U64", "::std::uint64_t");
POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(float, "F32", "float");
POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(double, "F64", "double");
#if defined(__LP64__) && !defined(_WIN32)
// On LP64 systems std::int64_t is `long`, so `long long` (which CUB uses in places) is a distinct type.
POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(long long, "I64", "long long");
POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(unsigned long long, "U64", "unsigned long long");
#endif
#if POLICYTUNE_BENCH_HAS_INT128
POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(policytune::bench::int128_t, "I128", "__int128");
POLICYTUNE_BENCH_DECLARE_TYPE_STRINGS(policytune::bench::uint128_t, "U128", "unsigned __int128");
#endif
