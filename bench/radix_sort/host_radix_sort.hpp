// SPDX-License-Identifier: Apache-2.0
// The host example's algorithm: an out-of-place LSD radix sort of unsigned keys, `Bits` digit bits per
// pass. bench/radix_sort/host_keys.cpp tunes `Bits`; code that ships the tuned policies (the
// downstream test's radix_sort_consumer.cpp) calls the same function with the bits its selector
// picks for the problem size.
#pragma once

#include <cstdint>

namespace policytune::examples
{
/// Sorts `in` into `out`, ping-ponging through `temporary` so that the last pass writes `out`.
/// `offsets` holds 2^Bits counters.
template <int Bits, class T>
void radix_sort(const T* in, T* temporary, T* out, std::int64_t n, std::int64_t* offsets)
{
  constexpr int buckets  = 1 << Bits;
  constexpr int key_bits = static_cast<int>(sizeof(T)) * 8;
  constexpr int passes   = (key_bits + Bits - 1) / Bits;
  constexpr T mask       = static_cast<T>(buckets - 1);
  const T* source        = in;
  for (int pass = 0; pass < passes; ++pass)
  {
    const int shift = pass * Bits;
    T* destination  = (passes - pass) % 2 == 1 ? out : temporary;
    for (int b = 0; b < buckets; ++b)
    {
      offsets[b] = 0;
    }
    for (std::int64_t i = 0; i < n; ++i)
    {
      ++offsets[(source[i] >> shift) & mask];
    }
    std::int64_t sum = 0;
    for (int b = 0; b < buckets; ++b)
    {
      const std::int64_t count = offsets[b];
      offsets[b]               = sum;
      sum += count;
    }
    for (std::int64_t i = 0; i < n; ++i)
    {
      destination[offsets[(source[i] >> shift) & mask]++] = source[i];
    }
    source = destination;
  }
}
} // namespace policytune::examples
