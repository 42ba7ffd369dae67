// SPDX-License-Identifier: Apache-2.0
// CUB's input generators for its tuning benchmarks: `generate(elements[, entropy[, min, max]])`,
// `generate.uniform.key_segments(...)`, `generate.uniform.segment_offsets(...)` and
// `generate.power_law.segment_offsets(...)`, each converting to a thrust::device_vector<T>.
// As in CUB, every call starts from seed 42, so base and each variant see the same input.
// Buffers handed out here are marked as inputs for the comparison with base's output.
#pragma once

#include <policytune/bench/cuda_memory.hpp>
#include <policytune/bench/reference_output.hpp>
#include <policytune/nvbench_compat/detail/generate_values.hpp>

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>

#include <cuda/std/complex>
#include <cuda/std/limits>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

class seed_t
{
public:
  seed_t() = default;
  explicit seed_t(unsigned long long value)
      : m_value(value)
  {}
  unsigned long long get() const { return m_value; }
  seed_t& operator++()
  {
    ++m_value;
    return *this;
  }

private:
  unsigned long long m_value = 42;
};

/// Bits of entropy per bit of a generated value (CUB's axis values "1.000" ... "0.000").
enum class bit_entropy
{
  _1_000 = 0,
  _0_811 = 1,
  _0_544 = 2,
  _0_337 = 3,
  _0_201 = 4,
  _0_000 = 4200
};

inline double entropy_to_probability(bit_entropy entropy)
{
  switch (entropy)
  {
    case bit_entropy::_1_000: return 1.0;
    case bit_entropy::_0_811: return 0.811;
    case bit_entropy::_0_544: return 0.544;
    case bit_entropy::_0_337: return 0.337;
    case bit_entropy::_0_201: return 0.201;
    default: return 0.0;
  }
}

inline bit_entropy str_to_entropy(const std::string& text)
{
  if (text == "1.000") return bit_entropy::_1_000;
  if (text == "0.811") return bit_entropy::_0_811;
  if (text == "0.544") return bit_entropy::_0_544;
  if (text == "0.337") return bit_entropy::_0_337;
  if (text == "0.201") return bit_entropy::_0_201;
  if (text == "0.000") return bit_entropy::_0_000;
  throw std::runtime_error("not a bit entropy: '" + text + "' (1.000, 0.811, 0.544, 0.337, 0.201 or 0.000)");
}

namespace policytune::nvbench_compat
{
/// How many random words are AND-ed for an entropy (0: one value everywhere).
inline int and_count(bit_entropy entropy)
{
  return entropy == bit_entropy::_0_000 ? 0 : static_cast<int>(entropy) + 1;
}

template <class T>
struct is_complex : std::false_type
{};
template <class F>
struct is_complex<::cuda::std::complex<F>> : std::true_type
{};

template <class T>
__host__ __device__ T element_at(std::uint64_t seed, std::uint64_t index, int ands, T lo, T hi)
{
  if constexpr (is_complex<T>::value)
  {
    return T{value_at(seed, 2 * index, ands, lo.real(), hi.real()), value_at(seed, 2 * index + 1, ands, lo.imag(), hi.imag())};
  }
  else
  {
    static_assert(std::is_arithmetic_v<T> || sizeof(T) == 16,
                  "generate(): the element type is not a number CUB's generator knows");
    return value_at(seed, index, ands, lo, hi);
  }
}

template <class T>
__global__ void fill_kernel(T* data, std::size_t n, std::uint64_t seed, int ands, T lo, T hi)
{
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
  {
    data[i] = element_at(seed, i, ands, lo, hi);
  }
}

template <class T>
thrust::device_vector<T> generated(std::size_t n, seed_t seed, bit_entropy entropy, T lo, T hi)
{
  thrust::device_vector<T> data(n);
  if (n != 0)
  {
    T* raw = thrust::raw_pointer_cast(data.data());
    fill_kernel<<<1024, 256>>>(raw, n, seed.get(), and_count(entropy), lo, hi);
    bench::cuda_check(cudaGetLastError(), "generate(): launching the generator");
    bench::cuda_check(cudaDeviceSynchronize(), "generate(): generating the input");
    bench::buffers().mark_input(raw);
  }
  return data;
}

template <class T>
thrust::device_vector<T> to_device_input(const std::vector<T>& host)
{
  thrust::device_vector<T> data(host.begin(), host.end());
  if (!host.empty())
  {
    bench::buffers().mark_input(thrust::raw_pointer_cast(data.data()));
  }
  return data;
}

template <class T>
T lowest_default()
{
  if constexpr (is_complex<T>::value)
  {
    using F = typename T::value_type;
    return T{::cuda::std::numeric_limits<F>::min(), ::cuda::std::numeric_limits<F>::min()};
  }
  else
  {
    return ::cuda::std::numeric_limits<T>::min();
  }
}

template <class T>
T highest_default()
{
  if constexpr (is_complex<T>::value)
  {
    using F = typename T::value_type;
    return T{::cuda::std::numeric_limits<F>::max(), ::cuda::std::numeric_limits<F>::max()};
  }
  else
  {
    return ::cuda::std::numeric_limits<T>::max();
  }
}

/// `generate(n[, entropy])`: any element type, over its whole range (CUB's: numeric_limits min..max).
/// Each conversion of one generator takes the next seed, as CUB's (`auto g = generate(n);` for
/// keys and then for values gives different data).
struct any_vector_generator
{
  seed_t seed;
  std::size_t elements;
  bit_entropy entropy;

  template <class T>
  operator thrust::device_vector<T>()
  {
    auto data = generated<T>(elements, seed, entropy, lowest_default<T>(), highest_default<T>());
    ++seed;
    return data;
  }
};

/// `generate(n, entropy, min, max)`: elements of T in [min, max].
template <class T>
struct vector_generator
{
  seed_t seed;
  std::size_t elements;
  bit_entropy entropy;
  T lo;
  T hi;

  operator thrust::device_vector<T>()
  {
    auto data = generated<T>(elements, seed, entropy, lo, hi);
    ++seed;
    return data;
  }
};

/// Segment sizes drawn uniformly from [min_size, max_size] until `total` elements are covered.
inline std::vector<std::size_t> uniform_segment_sizes(seed_t seed, std::size_t total, std::size_t min_size, std::size_t max_size)
{
  if (min_size == 0 || max_size < min_size)
  {
    throw std::runtime_error("generate.uniform: segment sizes need 0 < min <= max");
  }
  std::vector<std::size_t> sizes;
  for (std::size_t covered = 0, i = 0; covered < total; ++i)
  {
    const std::size_t size = std::min(total - covered, integral_value<std::size_t>(seed.get(), i, 1, min_size, max_size));
    sizes.push_back(size);
    covered += size;
  }
  return sizes;
}

struct key_segments_generator
{
  seed_t seed;
  std::size_t total, min_size, max_size;

  /// Runs of equal keys (0, 1, 2, ...), each run one segment.
  template <class KeyT>
  operator thrust::device_vector<KeyT>() const
  {
    std::vector<KeyT> keys;
    keys.reserve(total);
    std::size_t segment = 0;
    for (const std::size_t size : uniform_segment_sizes(seed, total, min_size, max_size))
    {
      keys.insert(keys.end(), size, static_cast<KeyT>(segment++));
    }
    return to_device_input(keys);
  }
};

template <class OffsetT>
std::vector<OffsetT> offsets_of(const std::vector<std::size_t>& sizes)
{
  std::vector<OffsetT> offsets{OffsetT{0}};
  std::size_t end = 0;
  for (const std::size_t size : sizes)
  {
    end += size;
    offsets.push_back(static_cast<OffsetT>(end));
  }
  return offsets;
}

struct uniform_offsets_generator
{
  seed_t seed;
  std::size_t total, min_size, max_size;

  /// The offsets of the segments: 0, then each segment's end; the last is `total`.
  template <class OffsetT>
  operator thrust::device_vector<OffsetT>() const
  {
    return to_device_input(offsets_of<OffsetT>(uniform_segment_sizes(seed, total, min_size, max_size)));
  }
};

struct power_law_offsets_generator
{
  seed_t seed;
  std::size_t elements, segments;

  /// `segments` segments whose sizes follow a Pareto distribution (shape 1.5), summing to `elements`.
  template <class OffsetT>
  operator thrust::device_vector<OffsetT>() const
  {
    std::vector<double> weights(segments);
    double sum = 0;
    for (std::size_t i = 0; i < segments; ++i)
    {
      const double u = floating_value<double>(seed.get(), i, 1, 0.0, 0.999999);
      weights[i]     = std::pow(1.0 - u, -1.0 / 1.5);
      sum += weights[i];
    }
    std::vector<std::size_t> sizes(segments);
    std::size_t given = 0;
    for (std::size_t i = 0; i < segments; ++i)
    {
      sizes[i] = static_cast<std::size_t>(static_cast<double>(elements) * weights[i] / sum);
      given += sizes[i];
    }
    for (std::size_t i = 0; given < elements && segments != 0; i = (i + 1) % segments, ++given)
    {
      ++sizes[i]; // what rounding down left over
    }
    return to_device_input(offsets_of<OffsetT>(sizes));
  }
};

struct uniform_generators
{
  key_segments_generator key_segments(std::size_t total, std::size_t min_size, std::size_t max_size) const
  {
    return {seed_t{}, total, min_size, max_size};
  }
  uniform_offsets_generator segment_offsets(std::size_t total, std::size_t min_size, std::size_t max_size) const
  {
    return {seed_t{}, total, min_size, max_size};
  }
};

struct power_law_generators
{
  power_law_offsets_generator segment_offsets(std::size_t elements, std::size_t segments) const
  {
    return {seed_t{}, elements, segments};
  }
};

/// The object CUB's benchmarks call as `generate`.
struct generate_fn
{
  any_vector_generator operator()(std::size_t elements, bit_entropy entropy = bit_entropy::_1_000) const
  {
    return {seed_t{}, elements, entropy};
  }

  template <class T>
  vector_generator<T> operator()(std::size_t elements, bit_entropy entropy, T min, T max) const
  {
    return {seed_t{}, elements, entropy, min, max};
  }

  uniform_generators uniform{};
  power_law_generators power_law{};
};
} // namespace policytune::nvbench_compat

inline ::policytune::nvbench_compat::generate_fn generate;
