// SPDX-License-Identifier: Apache-2.0
// Which policy policytune::device_select_if's hub gives a user's item type and predicate, checked on
// the host (cub::ChainedPolicy::Invoke picks a link for a PTX version), and that the hub is
// registered for exactly its type and predicate. The hub was rendered in test mode by
// tune_algorithm(vec3_above ALGORITHM select_if TYPE geometry::vec3 OPERATOR geometry::above_plane).
#include <cub/device/dispatch/tuning/tuning_select_if.cuh>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "vec3_above.cuh"
#include <policytune/device_select.cuh>

namespace
{
using policytune::algorithms::select_if;
using policytune::detail::has_custom_hub;

struct below_plane
{
  __host__ __device__ bool operator()(const geometry::vec3& v) const
  {
    return v.z < 0.0f;
  }
};

// Registered for exactly the type and predicate the call named.
static_assert(has_custom_hub<select_if, geometry::vec3, geometry::above_plane>);
static_assert(!has_custom_hub<select_if, geometry::vec3, below_plane>);
static_assert(!has_custom_hub<select_if, float, geometry::above_plane>);
static_assert(!has_custom_hub<policytune::algorithms::reduce, geometry::vec3, geometry::above_plane>);

using Knobs = std::vector<long long>;
struct Selected
{
  Knobs knobs;
  template <class Policy>
  cudaError_t Invoke()
  {
    using p = typename Policy::SelectIfPolicyT;
    knobs   = {p::BLOCK_THREADS, p::ITEMS_PER_THREAD, p::LOAD_ALGORITHM, p::LOAD_MODIFIER};
    return cudaSuccess;
  }
};
template <class Hub>
Knobs select(int ptx_version)
{
  Selected selected;
  return Hub::MaxPolicy::Invoke(ptx_version, selected) == cudaSuccess ? selected.knobs : Knobs{};
}

// The API's paths, compiled (run on a GPU by the example): the registered hub, and PolicyTune's
// select hub for another predicate.
[[maybe_unused]] cudaError_t select_each_way(void* temp, std::size_t& bytes, std::int64_t n)
{
  const geometry::vec3* in = nullptr;
  geometry::vec3* out      = nullptr;
  std::int64_t* count      = nullptr;
  cudaError_t error        = policytune::device_select_if(temp, bytes, in, out, count, n, geometry::above_plane{});
  if (error == cudaSuccess)
  {
    error = policytune::device_select_if(temp, bytes, in, out, count, n, below_plane{});
  }
  return error;
}

int failed = 0;
void expect(const char* what, int ptx, const Knobs& got, const Knobs& want)
{
  const bool ok = !got.empty() && got == want;
  failed += ok ? 0 : 1;
  std::printf("%s: %s at %d (%lld threads, %lld items)\n", ok ? "ok" : "FAILED", what, ptx,
              got.empty() ? -1 : got[0], got.empty() ? -1 : got[1]);
}
} // namespace

int main()
{
  using registered = policytune::custom_hub<select_if, geometry::vec3, geometry::above_plane>;
  using vec3       = geometry::vec3;
  using null       = cub::NullType;
  // The types cub::DeviceSelect::If dispatches vec3* output with.
  using offset_t          = cub::detail::select::per_partition_offset_t;
  constexpr bool distinct = cub::detail::select::is_partition_distinct_output_t<vec3*>::value;
  constexpr auto impl     = cub::SelectImpl::Select;
  // %TEST% trp_1.ld_1.ipt_13.tpb_352 of bench/custom/select_if.cu.in.
  const Knobs test{352, 13, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_CA};
  using tuned_hub = registered::hub<vec3, null, offset_t, distinct, impl, 0>;
  using cub_hub   = cub::detail::select::policy_hub<vec3, null, offset_t, distinct, impl>;
  for (int ptx : {800, 900})
  {
    expect("vec3: the test variant", ptx, select<tuned_hub>(ptx), test);
  }
  expect("vec3 below sm_80: CUB's", 750, select<tuned_hub>(750), select<cub_hub>(750));
  if (test == select<cub_hub>(900))
  {
    std::printf("FAILED: the test variant is CUB's own policy: the check cannot tell them apart\n");
    ++failed;
  }
  std::printf("%s\n", failed == 0 ? "all selections as expected" : "selections differ");
  return failed == 0 ? 0 : 1;
}
