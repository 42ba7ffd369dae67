// Uses the policy PolicyTune rendered for this machine (tiny_sum.hpp, generated at build time).
#include <cstdint>
#include <cstdio>
#include <vector>

#include "tiny_sum.hpp"

template <class T, class Policy = tiny_sum::sum_policy<T>>
T sum(const std::vector<T>& data)
{
  T partial[Policy::unroll] = {};
  std::size_t i = 0;
  for (; i + Policy::unroll <= data.size(); i += Policy::unroll)
    for (int u = 0; u < Policy::unroll; ++u) partial[u] += data[i + u];
  for (; i < data.size(); ++i) partial[0] += data[i];
  T total{};
  for (int u = 0; u < Policy::unroll; ++u) total += partial[u];
  return total;
}

int main()
{
  static_assert(tiny_sum::sum_policy<std::int32_t>::unroll >= 1 && tiny_sum::sum_policy<std::int32_t>::unroll <= 6);
  static_assert(tiny_sum::sum_policy<double>::unroll == 1, "untuned types keep the default");
  const std::vector<std::int32_t> data(1001, 2);
  const auto total = sum(data);
  std::printf("unroll %d for int32: sum %d\n", tiny_sum::sum_policy<std::int32_t>::unroll, total);
  return total == 2002 ? 0 : 1;
}
