// A library that ships PolicyTune's size dispatch: sort_keys() sorts with the radix bits the
// generated selector picks for the number of keys (radix_sort_by_size.hpp, rendered at build time
// from a recorded search of bench/radix_sort/host_keys.cpp with DISPATCH Elements{io}).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <set>
#include <type_traits>
#include <vector>

#include "host_radix_sort.hpp" // the algorithm, from bench/radix_sort
#include "radix_sort_by_size.hpp" // the generated policies and selectors

namespace library
{
// Runs `sort(std::integral_constant<int, R>{})` for R = `range`, clamped to [0, Count): each
// range's policy is a type, so each range is its own instantiation.
template <int Count, int Range = 0, class Sort>
int with_range(int range, Sort&& sort)
{
  if constexpr (Range + 1 < Count)
  {
    if (range > Range)
    {
      return with_range<Count, Range + 1>(range, sort);
    }
  }
  return sort(std::integral_constant<int, Range>{});
}

// Sorts `keys` in place; returns the radix bits it used.
template <class KeyT>
int sort_keys(std::vector<KeyT>& keys)
{
  using ranges = radix_sort_by_size::radix_sort_policy_ranges<KeyT>;
  const auto n = static_cast<std::int64_t>(keys.size());
  return with_range<ranges::count>(ranges::select(n), [&](auto range) {
    constexpr int bits = radix_sort_by_size::radix_sort_policy<KeyT, decltype(range)::value>::radix_bits;
    std::vector<KeyT> temporary(keys.size()), out(keys.size());
    std::vector<std::int64_t> offsets(std::size_t{1} << bits);
    policytune::examples::radix_sort<bits>(keys.data(), temporary.data(), out.data(), n, offsets.data());
    keys.swap(out);
    return bits;
  });
}
} // namespace library

template <class KeyT>
bool check(const char* name)
{
  using ranges = radix_sort_by_size::radix_sort_policy_ranges<KeyT>;
  std::uint64_t state = 7;
  std::set<int> bits_used;
  bool ok = true;
  // Below, inside, between and above the measured sizes (2^8..2^22).
  for (std::int64_t n : {1LL, 100LL, 1LL << 8, 1500LL, 1LL << 12, 1LL << 17, 1LL << 20, 3000000LL, 1LL << 23})
  {
    std::vector<KeyT> keys(static_cast<std::size_t>(n));
    for (auto& key : keys)
    {
      state = state * 6364136223846793005ULL + 1442695040888963407ULL;
      key   = static_cast<KeyT>(state >> 7);
    }
    std::vector<KeyT> expected = keys;
    std::sort(expected.begin(), expected.end());
    const int bits = library::sort_keys(keys);
    bits_used.insert(bits);
    const bool sorted = keys == expected;
    ok = ok && sorted;
    std::printf("%s: %lld keys: range %d of %d, %d bits: %s\n", name, static_cast<long long>(n), ranges::select(n),
                ranges::count, bits, sorted ? "sorted" : "NOT SORTED");
  }
  // The recorded search kept a dispatch for this key type: several policies must really serve.
  if (ranges::count < 2 || bits_used.size() < 2)
  {
    std::printf("%s: expected a dispatch between several policies, got %zu\n", name, bits_used.size());
    ok = false;
  }
  return ok;
}

int main()
{
  const bool ok = check<std::uint32_t>("U32") & check<std::uint64_t>("U64");
  return ok ? 0 : 1;
}
