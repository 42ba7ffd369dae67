// SPDX-License-Identifier: Apache-2.0
// policytune::device_reduce with the hubs tune_algorithm() rendered for two user types, against CUB's
// own cub::DeviceReduce::Reduce on the same input. Without a GPU the program says so and exits 77
// (ctest: skipped); what it checks at compile time holds either way.
#include <cub/device/device_reduce.cuh>

#include <cstdio>
#include <vector>

#include "argmin.cuh"   // rendered: ranking::scored's hub, registered for ranking::argmin
#include "vec3_sum.cuh" // rendered: geometry::vec3's hub, registered for geometry::vec3_plus
#include <policytune/device_reduce.cuh>

#include "device_array.cuh"

// The rendered headers hand their hubs to policytune::device_reduce for exactly their type and operator.
static_assert(policytune::detail::has_custom_hub<policytune::algorithms::reduce, geometry::vec3, geometry::vec3_plus>);
static_assert(policytune::detail::has_custom_hub<policytune::algorithms::reduce, ranking::scored, ranking::argmin>);
static_assert(!policytune::detail::has_custom_hub<policytune::algorithms::reduce, ranking::scored, geometry::vec3_plus>);

namespace
{
using example::check;
using example::device_array;

// One reduction through policytune::device_reduce and through CUB, compared with the type's own
// verification.
template <class T, class Op>
bool same_as_cub(std::size_t n, Op op, T init)
{
  std::vector<T> host(n);
  for (std::size_t i = 0; i < n; ++i)
  {
    host[i] = policytune::verification<T>::input(i * 7 + n);
  }
  device_array<T> in(n), tuned(1), reference(1);
  check(cudaMemcpy(in.data, host.data(), n * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
  std::size_t bytes = 0;
  check(policytune::device_reduce(nullptr, bytes, in.data, tuned.data, n, op, init), "device_reduce");
  std::size_t cub_bytes = 0;
  check(cub::DeviceReduce::Reduce(nullptr, cub_bytes, in.data, reference.data, n, op, init), "Reduce");
  device_array<char> temp(bytes > cub_bytes ? bytes : cub_bytes);
  check(policytune::device_reduce(temp.data, bytes, in.data, tuned.data, n, op, init), "device_reduce");
  check(cub::DeviceReduce::Reduce(temp.data + 0, cub_bytes, in.data, reference.data, n, op, init), "Reduce");
  T ours{}, theirs{};
  check(cudaMemcpy(&ours, tuned.data, sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  check(cudaMemcpy(&theirs, reference.data, sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return policytune::verification<T>::same(theirs, ours);
}
} // namespace

int main()
{
  if (!example::gpu_present("policytune::device_reduce for both types"))
  {
    return example::skipped;
  }
  int failures = 0;
  for (std::size_t n : {1ull, 1000ull, 65536ull, 1000003ull, 1ull << 24})
  {
    if (!same_as_cub(n, geometry::vec3_plus{}, geometry::vec3{0, 0, 0}))
    {
      std::printf("vec3 sum of %zu items differs from CUB's\n", n);
      ++failures;
    }
    if (!same_as_cub(n, ranking::argmin{}, ranking::scored{3.4e38f, 2147483647}))
    {
      std::printf("argmin of %zu items differs from CUB's\n", n);
      ++failures;
    }
  }
  std::printf("%d of 10 reductions differ from CUB's\n", failures);
  return failures == 0 ? 0 : 1;
}
