// SPDX-License-Identifier: Apache-2.0
// The host example's generated size dispatch against its best single policy, timed side by side in
// one run. Not a tuning benchmark: scripts/benchmark-dispatch renders the two headers from one
// search (`policytune generate` without and with `--dispatch Elements{io}`, namespaces `single` and
// `by_size`) and builds this against them.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <type_traits>
#include <vector>

#include "host_radix_sort.hpp"
#include "radix_sort_by_size.hpp"
#include "radix_sort_single.hpp"

namespace
{
template <int Bits, class KeyT>
void sort_with(const std::vector<KeyT>& in, std::vector<KeyT>& temporary, std::vector<KeyT>& out)
{
  std::vector<std::int64_t> offsets(std::size_t{1} << Bits);
  policytune::examples::radix_sort<Bits>(
    in.data(), temporary.data(), out.data(), static_cast<std::int64_t>(in.size()), offsets.data());
}

// The range's policy for `in.size()` keys, as a library shipping the dispatch would pick it.
template <class KeyT, int Range = 0>
int sort_by_size(const std::vector<KeyT>& in, std::vector<KeyT>& temporary, std::vector<KeyT>& out, int range)
{
  using ranges = by_size::radix_sort_policy_ranges<KeyT>;
  if constexpr (Range + 1 < ranges::count)
  {
    if (range > Range)
    {
      return sort_by_size<KeyT, Range + 1>(in, temporary, out, range);
    }
  }
  constexpr int bits = by_size::radix_sort_policy<KeyT, Range>::radix_bits;
  sort_with<bits>(in, temporary, out);
  return bits;
}

template <class Sort>
double seconds_of(Sort&& sort, int repeats)
{
  const auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < repeats; ++r)
  {
    sort();
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / repeats;
}

double median(std::vector<double> values)
{
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

template <class KeyT>
void compare(const char* name)
{
  constexpr int single_bits = single::radix_sort_policy<KeyT>::radix_bits;
  std::printf("%s: one policy %d bits; %d size ranges\n", name, single_bits,
              by_size::radix_sort_policy_ranges<KeyT>::count);
  std::printf("  %-9s %5s %14s %14s %8s\n", "keys", "bits", "one policy", "dispatch", "speedup");
  std::uint64_t state = 1;
  double log_sum = 0;
  int sizes      = 0;
  for (int exponent = 8; exponent <= 22; exponent += 2)
  {
    const std::size_t n = std::size_t{1} << exponent;
    std::vector<KeyT> in(n), temporary(n), out(n);
    for (auto& key : in)
    {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      key   = static_cast<KeyT>(state >> 7);
    }
    const int range  = by_size::radix_sort_policy_ranges<KeyT>::select(static_cast<std::int64_t>(n));
    int bits         = 0;
    const int repeats = static_cast<int>(std::max<std::size_t>(1, (std::size_t{1} << 20) / n));
    std::vector<double> single_times, dispatch_times;
    // Alternating, so that both see the same machine.
    for (int sample = 0; sample < 15; ++sample)
    {
      single_times.push_back(seconds_of([&] { sort_with<single_bits>(in, temporary, out); }, repeats));
      dispatch_times.push_back(seconds_of([&] { bits = sort_by_size<KeyT>(in, temporary, out, range); }, repeats));
    }
    const double single_time = median(single_times), dispatch_time = median(dispatch_times);
    const double speedup     = single_time / dispatch_time;
    log_sum += std::log(speedup);
    ++sizes;
    std::printf("  2^%-7d %5d %11.3f us %11.3f us %8.3f\n", exponent, bits, single_time * 1e6, dispatch_time * 1e6,
                speedup);
  }
  std::printf("  geometric mean speedup of the dispatch over one policy: %.3f\n", std::exp(log_sum / sizes));
}
} // namespace

int main()
{
  compare<std::uint32_t>("U32");
  compare<std::uint64_t>("U64");
}
