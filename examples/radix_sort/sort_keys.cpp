// A library function built on the tuned policy: sorts keys with the radix bits PolicyTune measured
// to be fastest on this machine (radix_sort.hpp, rendered at build time), or the default where no
// variant beat it.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "host_radix_sort.hpp" // the algorithm the benchmark measures
#include "radix_sort.hpp"      // the generated policy

template <class KeyT>
void sort_keys(std::vector<KeyT>& keys)
{
  constexpr int bits = radix_sort::radix_sort_policy<KeyT>::radix_bits;
  std::vector<KeyT> temporary(keys.size()), sorted(keys.size());
  std::vector<std::int64_t> offsets(std::size_t{1} << bits);
  policytune::examples::radix_sort<bits>(keys.data(), temporary.data(), sorted.data(),
                                         static_cast<std::int64_t>(keys.size()), offsets.data());
  keys.swap(sorted);
}

template <class KeyT>
bool sorts(const char* name)
{
  std::vector<KeyT> keys(100000);
  std::uint64_t state = 11;
  for (auto& key : keys)
  {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    key   = static_cast<KeyT>(state >> 5);
  }
  std::vector<KeyT> expected = keys;
  std::sort(expected.begin(), expected.end());
  sort_keys(keys);
  const bool ok = keys == expected;
  std::printf("%s keys, %d radix bits: %s\n", name, radix_sort::radix_sort_policy<KeyT>::radix_bits,
              ok ? "sorted" : "NOT SORTED");
  return ok;
}

int main()
{
  const bool ok = sorts<std::uint32_t>("32-bit") && sorts<std::uint64_t>("64-bit");
  return ok ? 0 : 1;
}
