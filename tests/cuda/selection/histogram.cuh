// Selection checks of policytune::device_histogram_even's hub, included by
// tests/cuda/policies_selection.cu (its helpers: Knobs, expect_test_variant, expect).
#pragma once

#include <policytune/device_histogram.cuh>

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

void check_histogram_all()
{
  check_histogram<std::uint8_t, int>("histogram U8/I32");
  check_histogram<float, int>("histogram F32/I32");
}

[[maybe_unused]] const void* const histogram_instantiated[] = {
  reinterpret_cast<const void*>(&policytune::device_histogram_even<const unsigned char*, int, int, int>),
  reinterpret_cast<const void*>(&policytune::device_histogram_even<const float*, unsigned, float, long long>),
};
} // namespace
