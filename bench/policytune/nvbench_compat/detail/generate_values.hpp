// SPDX-License-Identifier: Apache-2.0
// The values CUB's `generate(...)` hands out, as pure functions of (seed, index), so that the same
// seed gives the same input on the host and the device, in base and in every variant.
//
// Bit entropy is lowered the usual way: AND-ing k independent random words leaves each bit set with
// probability 2^-k, whose entropy is 1.000, 0.811, 0.544, 0.337, 0.201 for k = 1..5; entropy 0
// gives one value everywhere.
#pragma once

#include <cstdint>
#include <type_traits>

#if defined(__CUDACC__)
#  define POLICYTUNE_COMPAT_HD __host__ __device__
#else
#  define POLICYTUNE_COMPAT_HD
#endif

namespace policytune::nvbench_compat
{
/// splitmix64: a well-mixed 64-bit word for each (seed, stream) pair.
POLICYTUNE_COMPAT_HD inline std::uint64_t mix(std::uint64_t x)
{
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

/// A random word for element `index` of the data of `seed`, its bits set with probability 2^-and_count
/// (and_count 0: the same word for every element).
POLICYTUNE_COMPAT_HD inline std::uint64_t random_word(std::uint64_t seed, std::uint64_t index, int and_count, int part)
{
  const std::uint64_t stream = mix(seed * 0x100000001b3ull + static_cast<std::uint64_t>(part));
  if (and_count == 0)
  {
    return mix(stream);
  }
  std::uint64_t word = ~std::uint64_t{0};
  for (int k = 0; k < and_count; ++k)
  {
    word &= mix(stream ^ mix(index * 8 + static_cast<std::uint64_t>(k)));
  }
  return word;
}

/// An integral value in [lo, hi] (T up to 128 bits) from random words.
template <class T>
POLICYTUNE_COMPAT_HD T integral_value(std::uint64_t seed, std::uint64_t index, int and_count, T lo, T hi)
{
  if constexpr (std::is_same_v<T, bool>)
  {
    return lo == hi ? lo : (random_word(seed, index, and_count, 0) & 1u) != 0;
  }
  else if constexpr (sizeof(T) <= 8)
  {
    using U         = std::make_unsigned_t<T>;
    const U span    = static_cast<U>(static_cast<U>(hi) - static_cast<U>(lo));
    const U word    = static_cast<U>(random_word(seed, index, and_count, 0));
    const U offset  = span == static_cast<U>(~U{0}) ? word : static_cast<U>(word % (static_cast<std::uint64_t>(span) + 1));
    return static_cast<T>(static_cast<U>(static_cast<U>(lo) + offset));
  }
  else
  {
    using U        = unsigned __int128;
    const U span   = static_cast<U>(hi) - static_cast<U>(lo);
    const U word   = (static_cast<U>(random_word(seed, index, and_count, 1)) << 64) | random_word(seed, index, and_count, 0);
    const U offset = span == ~U{0} ? word : word % (span + 1);
    return static_cast<T>(static_cast<U>(lo) + offset);
  }
}

/// A floating-point value in [lo, hi]; fewer random bits (lower entropy) give fewer distinct values.
template <class T>
POLICYTUNE_COMPAT_HD T floating_value(std::uint64_t seed, std::uint64_t index, int and_count, T lo, T hi)
{
  const double unit = static_cast<double>(random_word(seed, index, and_count, 0) >> 11) * 0x1.0p-53;
  // lo * (1 - u) + hi * u does not overflow where hi - lo would (the whole range of float).
  return static_cast<T>(static_cast<double>(lo) * (1.0 - unit) + static_cast<double>(hi) * unit);
}

template <class T>
POLICYTUNE_COMPAT_HD T value_at(std::uint64_t seed, std::uint64_t index, int and_count, T lo, T hi)
{
  if constexpr (std::is_floating_point_v<T>)
  {
    return floating_value(seed, index, and_count, lo, hi);
  }
  else
  {
    return integral_value(seed, index, and_count, lo, hi);
  }
}
} // namespace policytune::nvbench_compat
