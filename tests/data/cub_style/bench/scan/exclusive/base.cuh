// SPDX-License-Identifier: Apache-2.0
// Test data (see sum.cu): CUB's pattern of a shared "base.cuh" that holds the policy hub, which
// uses the %RANGE% macros of the file that includes it.
#pragma once

#include <cub/device/device_scan.cuh>
#include <cub/device/dispatch/dispatch_scan.cuh>

#include <thrust/count.h>
#include <thrust/reduce.h>

#include <look_back_helper.cuh>
#include <nvbench_helper.cuh>

#if !TUNE_BASE
#  if TUNE_TRANSPOSE == 0
#    define TUNE_LOAD_ALGORITHM  cub::BLOCK_LOAD_DIRECT
#    define TUNE_STORE_ALGORITHM cub::BLOCK_STORE_DIRECT
#  else
#    define TUNE_LOAD_ALGORITHM  cub::BLOCK_LOAD_WARP_TRANSPOSE
#    define TUNE_STORE_ALGORITHM cub::BLOCK_STORE_WARP_TRANSPOSE
#  endif
#  if TUNE_LOAD == 0
#    define TUNE_LOAD_MODIFIER cub::LOAD_DEFAULT
#  else
#    define TUNE_LOAD_MODIFIER cub::LOAD_CA
#  endif

template <typename AccumT>
struct policy_hub_t
{
  struct policy_t : cub::ChainedPolicy<300, policy_t, policy_t>
  {
    using ScanPolicyT =
      cub::AgentScanPolicy<TUNE_THREADS_PER_BLOCK,
                           TUNE_ITEMS_PER_THREAD,
                           AccumT,
                           TUNE_LOAD_ALGORITHM,
                           TUNE_LOAD_MODIFIER,
                           TUNE_STORE_ALGORITHM,
                           cub::BLOCK_SCAN_WARP_SCANS,
                           cub::detail::MemBoundScaling<TUNE_THREADS_PER_BLOCK, TUNE_ITEMS_PER_THREAD, AccumT>,
                           delay_constructor_t>;
  };

  using MaxPolicy = policy_t;
};
#endif // !TUNE_BASE

enum class small_key : unsigned char
{
};
NVBENCH_DECLARE_TYPE_STRINGS(small_key, "SK", "small_key");

// CUB's benchmarks of CCCL 3.0 define this predicate themselves (their helper gives less_then_t from 3.4).
template <class T>
struct below_t
{
  T m_val;
  __host__ __device__ bool operator()(const T& value) const
  {
    return value < m_val;
  }
};

template <typename T, typename OffsetT>
static void basic(nvbench::state& state, nvbench::type_list<T, OffsetT>)
{
  using init_t      = cub::detail::InputValue<T>;
  using accum_t     = ::cuda::std::__accumulator_t<op_t, T, T>;
  using input_it_t  = const T*;
  using output_it_t = T*;
  using offset_t    = cub::detail::choose_offset_t<OffsetT>;
#if !TUNE_BASE
  using dispatch_t =
    cub::DispatchScan<input_it_t, output_it_t, op_t, init_t, offset_t, accum_t, cub::ForceInclusive::No, policy_hub_t<accum_t>>;
#else
  using dispatch_t = cub::DispatchScan<input_it_t, output_it_t, op_t, init_t, offset_t, accum_t>;
#endif

  const auto elements = static_cast<std::size_t>(state.get_int64("Elements{io}"));
  const bit_entropy entropy = str_to_entropy(state.get_string("Entropy"));
  if (elements < 2 && entropy == bit_entropy::_0_000)
  {
    state.skip("nothing to scan");
  }

  thrust::device_vector<T> input = generate(elements, entropy);
  thrust::device_vector<T> output(elements);

  input_it_t d_input   = thrust::raw_pointer_cast(input.data());
  output_it_t d_output = thrust::raw_pointer_cast(output.data());

  state.add_element_count(elements);
  state.add_global_memory_reads<T>(elements, "Size");
  state.add_global_memory_writes<T>(elements);

  size_t tmp_size;
  dispatch_t::Dispatch(nullptr, tmp_size, d_input, d_output, op_t{}, init_t{T{}}, static_cast<offset_t>(elements), 0);

  thrust::device_vector<nvbench::uint8_t> tmp(tmp_size);
  nvbench::uint8_t* d_tmp = thrust::raw_pointer_cast(tmp.data());

  state.exec(nvbench::exec_tag::gpu | nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) {
    dispatch_t::Dispatch(
      d_tmp, tmp_size, d_input, d_output, op_t{}, init_t{T{}}, static_cast<offset_t>(elements), launch.get_stream());
  });
}

// The helper's lists, as CUB's documentation gives them (a variant's build narrows them to TUNE_T).
using some_offset_types = push_back_t<nvbench::type_list<int32_t>, int64_t>;
static_assert(::cuda::std::is_same_v<nvbench::tl::get<1, some_offset_types>, int64_t>);
#if NVBENCH_HELPER_HAS_I128
static_assert(sizeof(int128_t) == 16 && sizeof(uint128_t) == 16);
#endif
#ifndef TUNE_T
static_assert(::cuda::std::is_same_v<nvbench::tl::get<7, all_types>, complex>);
static_assert(::cuda::std::is_same_v<nvbench::tl::get<6, fundamental_types>, double>);
static_assert(::cuda::std::is_same_v<nvbench::tl::get<3, integral_types>, int64_t>);
#endif

// Two types keep this test's base build short: an integer (compared exactly with base's output)
// and a float (within the tolerance).
#ifdef TUNE_T
using value_types = nvbench::type_list<TUNE_T>;
#else
using value_types = nvbench::type_list<int32_t, float>;
#endif

NVBENCH_BENCH_TYPES(basic, NVBENCH_TYPE_AXES(value_types, offset_types))
  .set_name("base")
  .set_type_axes_names({"T{ct}", "OffsetT{ct}"})
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(16, 28, 4))
  .add_string_axis("Entropy", {"1.000", "0.201", "0.000"});

// The rest of the helper's API, as CUB's other benchmarks use it: bounded values, segments,
// thrust algorithms on a caching allocator, the operators, lerp_min_max and do_not_optimize.
template <typename T, typename OffsetT>
static void helpers(nvbench::state& state, nvbench::type_list<T, OffsetT>)
{
  const auto elements = static_cast<std::size_t>(state.get_int64("Elements{io}"));
  const auto segments = static_cast<std::size_t>(state.get_int64("Segments"));

  thrust::device_vector<int> bounded = generate(elements, bit_entropy::_0_544, 1, 100);
  thrust::device_vector<OffsetT> keys    = generate.uniform.key_segments(elements, 1, 64);
  thrust::device_vector<OffsetT> offsets = generate.uniform.segment_offsets(elements, 1, 64);
  thrust::device_vector<OffsetT> skewed  = generate.power_law.segment_offsets(elements, segments);
  auto generator                         = generate(elements);
  thrust::device_vector<T> values        = generator;
  thrust::device_vector<T> more_values   = generator; // the next seed: other data
  thrust::device_vector<complex> pairs   = generate(elements, bit_entropy::_0_000);
  thrust::device_vector<int> counts(2);
  do_not_optimize(entropy_to_probability(bit_entropy::_0_811));
  do_not_optimize(seed_t{}.get());
  do_not_optimize(less_t{}(complex{1, 0}, complex{0, 2}));
  const T threshold = lerp_min_max<T>(0.5);

  state.add_element_count(elements);
  state.add_global_memory_reads<T>(elements);
  state.add_global_memory_writes<int>(2);

  caching_allocator_t alloc;
  counts[0] = static_cast<int>(thrust::count_if(policy(alloc), values.begin(), values.end(), below_t<T>{threshold}));
  state.exec(nvbench::exec_tag::gpu | nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) {
    counts[1] = thrust::reduce(policy(alloc, launch), bounded.begin(), bounded.end(), 0, max_t{});
  });
}

NVBENCH_BENCH_TYPES(helpers, NVBENCH_TYPE_AXES(value_types, offset_types))
  .set_name("helpers")
  .set_type_axes_names({"T{ct}", "OffsetT{ct}"})
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(16, 20, 4))
  .add_int64_axis("Segments", {1, 1000});
