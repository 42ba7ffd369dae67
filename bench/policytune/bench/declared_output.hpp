// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: what a benchmark declares it writes (add_global_memory_writes<T>).
//
// A benchmark without a check of its own is verified against base's output (reference_output.hpp);
// the declarations say which buffers are its output and how to compare them: exactly, or within a
// tolerance where the elements are floating point (a different policy sums in a different order).
#pragma once

#include <cstddef>
#include <type_traits>

namespace policytune::bench
{
enum class output_kind : unsigned char
{
  exact   = 'x',
  float32 = 'f',
  float64 = 'd',
};

struct declared_output
{
  std::size_t bytes = 0;
  output_kind kind  = output_kind::exact;
};

namespace detail
{
template <class T, class = void>
struct float_parts
{
  static constexpr output_kind kind = output_kind::exact;
};
template <class T>
struct float_parts<T, std::enable_if_t<std::is_floating_point_v<T>>>
{
  static constexpr output_kind kind = sizeof(T) == 4 ? output_kind::float32
                                    : sizeof(T) == 8 ? output_kind::float64
                                                     : output_kind::exact;
};
// A complex number (a value_type of two floating point parts) compares as its parts.
template <class T>
struct float_parts<T, std::enable_if_t<!std::is_floating_point_v<T> && std::is_floating_point_v<typename T::value_type>>>
{
  using part                        = typename T::value_type;
  static constexpr output_kind kind = sizeof(T) == 2 * sizeof(part) ? float_parts<part>::kind : output_kind::exact;
};
} // namespace detail

template <class T>
declared_output declared_output_of(std::size_t count)
{
  return {count * sizeof(T), detail::float_parts<T>::kind};
}
} // namespace policytune::bench
