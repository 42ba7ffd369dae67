// Selection checks of policytune::device_histogram_even's hub, and from CCCL 3.5 its selector,
// included by tests/cuda/policies_selection.cu (its helpers: Knobs, expect_test_variant, expect).
#pragma once

#include <policytune/device_histogram.cuh>

#include "selector_checks.cuh"

namespace
{
struct HistogramKnobs
{
  template <class Policy>
  static Knobs of()
  {
    using p = typename Policy::AgentHistogramPolicyT;
    return {p::BLOCK_THREADS,
            p::PIXELS_PER_THREAD,
            p::LOAD_ALGORITHM,
            p::LOAD_MODIFIER,
            p::IS_RLE_COMPRESS,
            p::MEM_PREFERENCE,
            p::IS_WORK_STEALING,
            p::VEC_SIZE};
  }
};

// %TEST% ipt_7.tpb_192.rle_0.ws_1.mem_2.ld_2.laid_1.vec_1 of bench/histogram/even.cu.
template <class SampleT, class CounterT>
void check_histogram(const char* what)
{
  // What cub::DeviceHistogram::HistogramEven passes on every release, 3.0.1's DispatchEven
  // (bytes or not) included.
  constexpr bool is_even = true;
  using tuned            = policytune::tuning::histogram_even::policy_hub<SampleT, CounterT, 1, 1, is_even>;
  using library          = cub::detail::histogram::policy_hub<SampleT, CounterT, 1, 1, is_even>;
  expect_test_variant<tuned, library, HistogramKnobs>(
    what, Knobs{192, 7, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_CA, 0, cub::BLEND, 1, 2});
  // The benchmark measures one channel: multi-channel histograms keep CUB's policy.
  using multi_tuned   = policytune::tuning::histogram_even::policy_hub<SampleT, CounterT, 4, 3, is_even>;
  using multi_library = cub::detail::histogram::policy_hub<SampleT, CounterT, 4, 3, is_even>;
  expect("multi-channel histogram keeps CUB's", 900, select<multi_tuned, HistogramKnobs>(900),
         select<multi_library, HistogramKnobs>(900));
}

#if CUB_VERSION >= 300500
Knobs histogram_policy_knobs(const cub::HistogramPolicy& p)
{
  return {p.threads_per_block,
          p.pixels_per_thread,
          p.load_algorithm,
          p.load_modifier,
          p.rle_compress,
          p.mem_preference,
          p.use_work_stealing,
          p.vec_size};
}

// CCCL 3.5's selector with the same %TEST% variant. At 9.0 it must hold the chained test hub's
// knobs; the init kernel's early-launch bin limit is CUB's selector's (the chained hub names it as
// CUB up to 3.4 did, and CUB 3.5 reads another name), so the chained policy is compared with it.
template <class SampleT, class CounterT>
void check_histogram_selector(const char* what)
{
  constexpr bool is_even = true;
  using tuned   = policytune::tuning::histogram_even_selector::policy_selector<SampleT, CounterT, 1, 1, is_even>;
  using library = cub::detail::histogram::policy_selector_from_types<SampleT, CounterT, 1, 1, is_even>;
  using chained = typename policytune::hub::policy_at<
    typename policytune::tuning::histogram_even::policy_hub<SampleT, CounterT, 1, 1, is_even>::MaxPolicy,
    900>::type::AgentHistogramPolicyT;
  const cub::HistogramPolicy chained_at_90{
    chained::BLOCK_THREADS,
    chained::PIXELS_PER_THREAD,
    chained::VEC_SIZE,
    chained::LOAD_ALGORITHM,
    chained::LOAD_MODIFIER,
    chained::IS_RLE_COMPRESS,
    chained::MEM_PREFERENCE,
    chained::IS_WORK_STEALING,
    library{}(::cuda::compute_capability(90)).init_kernel_pdl_trigger_max_bins};
  selector_checks::expect_test_variant<tuned, library>(
    what, Knobs{192, 7, cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::LOAD_CA, 0, cub::BLEND, 1, 2}, chained_at_90,
    histogram_policy_knobs);
  // The benchmark measures one channel: multi-channel histograms keep CUB's policy.
  using multi_tuned   = policytune::tuning::histogram_even_selector::policy_selector<SampleT, CounterT, 4, 3, is_even>;
  using multi_library = cub::detail::histogram::policy_selector_from_types<SampleT, CounterT, 4, 3, is_even>;
  selector_checks::expect_policy(
    "multi-channel histogram selector keeps CUB's", 90, multi_tuned{}(::cuda::compute_capability(90)),
    multi_library{}(::cuda::compute_capability(90)), histogram_policy_knobs);
}
#endif

void check_histogram_all()
{
  check_histogram<std::uint8_t, int>("histogram U8/I32");
  check_histogram<float, int>("histogram F32/I32");
#if CUB_VERSION >= 300500
  check_histogram_selector<std::uint8_t, int>("histogram selector U8/I32");
  check_histogram_selector<float, int>("histogram selector F32/I32");
#endif
}

// The API instantiates with the hubs for the types a user passes (run only on a GPU elsewhere).
using two_phase_histogram_u8 =
  cudaError_t (*)(void*, std::size_t&, const unsigned char*, int*, int, int, int, int, cudaStream_t);
using two_phase_histogram_f32 =
  cudaError_t (*)(void*, std::size_t&, const float*, unsigned*, int, float, float, long long, cudaStream_t);
[[maybe_unused]] const void* const histogram_instantiated[] = {
  reinterpret_cast<const void*>(
    two_phase_histogram_u8{&policytune::device_histogram_even<const unsigned char*, int, int, int>}),
  reinterpret_cast<const void*>(
    two_phase_histogram_f32{&policytune::device_histogram_even<const float*, unsigned, float, long long>}),
#if CUB_VERSION >= 300500
  // The form without temporary storage, CCCL 3.5's environment overload.
  reinterpret_cast<const void*>(static_cast<cudaError_t (*)(const float*, unsigned*, int, float, float, long long, cudaStream_t)>(
    &policytune::device_histogram_even<const float*, unsigned, float, long long>)),
#endif
};
} // namespace
