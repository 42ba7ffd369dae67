// SPDX-License-Identifier: Apache-2.0
// Out-of-place LSD radix sort of unsigned keys on the host (the shape of cub::DeviceRadixSort::SortKeys).
//
// A host benchmark whose best policy depends on the problem size. Every pass clears and scans a
// histogram of 2^bits counters, then streams the keys twice (count, scatter): more digit bits mean
// fewer passes over the keys, but a larger histogram and more scatter streams per pass. Small
// inputs cannot pay for a large histogram, mid-sized ones can, and once the keys leave the caches a
// pass costs a trip to memory and the fewest passes win. `policytune analyze --dispatch` shows the
// ranges (README, "Policies per problem size").
//
// %RANGE% TUNE_RADIX_BITS bits 6:14:1
// %TEST% bits_11

#include <policytune/bench.hpp>

#include "host_radix_sort.hpp" // the sort itself, shared with code that ships the tuned policies

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#if TUNE_BASE
// The library's default: one byte per pass, as CUB's onesweep sorts 4- and 8-byte keys.
constexpr int radix_bits = 8;
#else
constexpr int radix_bits = TUNE_RADIX_BITS;
#endif

#ifdef TUNE_T
using key_types = nvbench::type_list<TUNE_T>;
#else
using key_types = nvbench::type_list<std::uint32_t, std::uint64_t>;
#endif

/// splitmix64: a fixed, fast stream of well-mixed 64-bit values.
inline std::uint64_t next_random(std::uint64_t& state)
{
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z               = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z               = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

template <class T>
void keys(nvbench::state& state, nvbench::type_list<T>)
{
  const std::int64_t n     = state.get_int64("Elements{io}");
  const std::size_t  count = static_cast<std::size_t>(n);

  // Distinct keys spread over the whole key range, so that every digit varies, in a random order:
  // the sorted order is known without sorting.
  std::vector<T> expected(count), in(count), out(count), temporary(count);
  std::vector<std::int64_t> offsets(std::size_t{1} << radix_bits);
  std::uint64_t random = 42;
  const T stride       = static_cast<T>(static_cast<T>(~T{0}) / static_cast<T>(n));
  for (std::size_t i = 0; i < count; ++i)
  {
    expected[i] = static_cast<T>(static_cast<T>(i) * stride + static_cast<T>(next_random(random) % stride));
  }
  in = expected;
  for (std::size_t i = count; i > 1; --i) // Fisher-Yates
  {
    std::swap(in[i - 1], in[next_random(random) % i]);
  }

  state.add_element_count(count);
  state.add_global_memory_reads<T>(count);
  state.add_global_memory_writes<T>(count);

  state.verify_with([&] {
    return policytune::bench::expect_equal(out, expected);
  });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    policytune::examples::radix_sort<radix_bits>(in.data(), temporary.data(), out.data(), n, offsets.data());
  });
}

NVBENCH_BENCH_TYPES(keys, NVBENCH_TYPE_AXES(key_types))
  .set_name("base")
  .set_type_axes_names({"T{ct}"})
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(8, 22, 2));
