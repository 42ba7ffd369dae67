// SPDX-License-Identifier: Apache-2.0
// Device-wide single-channel histogram of even bins (cub::DispatchHistogram::DispatchEven) with a
// tunable policy, in CUB's tuning format: the parameters and axes of CUB's own benchmark
// (cub/benchmarks/bench/histogram/even.cu).
//
// %RANGE% TUNE_ITEMS ipt 4:28:1
// %RANGE% TUNE_THREADS tpb 128:1024:32
// %RANGE% TUNE_RLE_COMPRESS rle 0:1:1
// %RANGE% TUNE_WORK_STEALING ws 0:1:1
// %RANGE% TUNE_MEM_PREFERENCE mem 0:2:1
// %RANGE% TUNE_LOAD ld 0:2:1
// %RANGE% TUNE_LOAD_ALGORITHM_ID laid 0:2:1
// %RANGE% TUNE_VEC_SIZE_POW vec 0:2:1
// %TEST% ipt_7.tpb_192.rle_0.ws_1.mem_2.ld_2.laid_1.vec_1
//
// mem: 0 GMEM, 1 SMEM, 2 BLEND. ld: 0 LOAD_DEFAULT, 1 LOAD_LDG, 2 LOAD_CA.
// laid: 0 BLOCK_LOAD_DIRECT, 1 BLOCK_LOAD_WARP_TRANSPOSE, 2 BLOCK_LOAD_STRIPED. vec: vectors of 2^vec.

#include <cub/device/device_histogram.cuh>
#include <cub/device/dispatch/dispatch_histogram.cuh>

#include <cuda/std/array>
#include <cuda/std/type_traits>

#include <policytune/bench.hpp>

#include "even_check.hpp" // the host side of the verification, unit-tested

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#if !TUNE_BASE
// The variant's policy: one MaxPolicy, so that CUB uses it on every architecture.
struct policy_hub_t
{
  struct policy_t : cub::ChainedPolicy<500, policy_t, policy_t>
  {
    using AgentHistogramPolicyT = cub::AgentHistogramPolicy<
      TUNE_THREADS,
      TUNE_ITEMS,
      TUNE_LOAD_ALGORITHM_ID == 0 ? cub::BLOCK_LOAD_DIRECT
      : TUNE_LOAD_ALGORITHM_ID == 1
        ? cub::BLOCK_LOAD_WARP_TRANSPOSE
        : cub::BLOCK_LOAD_STRIPED,
      TUNE_LOAD == 0 ? cub::LOAD_DEFAULT : TUNE_LOAD == 1 ? cub::LOAD_LDG : cub::LOAD_CA,
      TUNE_RLE_COMPRESS != 0,
      TUNE_MEM_PREFERENCE == 0 ? cub::GMEM : TUNE_MEM_PREFERENCE == 1 ? cub::SMEM : cub::BLEND,
      TUNE_WORK_STEALING != 0,
      (1 << TUNE_VEC_SIZE_POW)>;
  };

  using MaxPolicy = policy_t;
};
#endif // !TUNE_BASE

#ifdef TUNE_SampleT
using sample_types = nvbench::type_list<TUNE_SampleT>;
#else
using sample_types = nvbench::type_list<std::int8_t, std::int16_t, std::int32_t, float>;
#endif

#ifdef TUNE_CounterT
using counter_types = nvbench::type_list<TUNE_CounterT>;
#else
using counter_types = nvbench::type_list<std::int32_t>;
#endif

namespace
{
using policytune::bench::cuda_check;
using policytune::bench::device_buffer;

/// CUB's entropy values: AND-ing k independent uniform words leaves each bit set with probability
/// 2^-k, whose entropy is the label. Lower entropy crowds the samples into the low bins.
int words_for_entropy(const std::string& entropy)
{
  static const char* const labels[] = {"1.000", "0.811", "0.544", "0.337", "0.201"};
  for (int k = 0; k < 5; ++k)
  {
    if (entropy == labels[k])
    {
      return k + 1;
    }
  }
  throw std::invalid_argument("Entropy '" + entropy + "' is not one of CUB's (1.000 0.811 0.544 0.337 0.201)");
}

/// Whole-number samples in [0, upper * 5 / 4): a fifth of the range lies above the last bin, so
/// samples that must not be counted are there too.
template <class T>
__global__ void fill_samples(T* out, std::size_t n, int words, std::uint64_t upper)
{
  const std::uint64_t span = upper + upper / 4;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
  {
    std::uint64_t h = ~std::uint64_t{0};
    for (int w = 0; w < words; ++w)
    {
      std::uint64_t x = (i * 8 + w + 1) * 0x9E3779B97F4A7C15ull;
      x               = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
      x               = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
      h &= x ^ (x >> 31);
    }
    out[i] = static_cast<T>(h % span);
  }
}

template <class T>
std::vector<T> to_host(const device_buffer<T>& buffer, std::size_t n)
{
  std::vector<T> host(n);
  cuda_check(cudaMemcpy(host.data(), buffer.get(), n * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy");
  return host;
}
} // namespace

template <class SampleT, class CounterT>
void even(nvbench::state& state, nvbench::type_list<SampleT, CounterT>)
{
  // What cub::DeviceHistogram::HistogramEven dispatches for int sample counts, so that base is
  // CUB's default (its own hub, chosen inside DispatchEven).
  using offset_t = int;
  using level_t  = SampleT;
#if TUNE_BASE
  using dispatch_t = cub::DispatchHistogram<1, 1, const SampleT*, CounterT, level_t, offset_t>;
#else
  using dispatch_t = cub::DispatchHistogram<1, 1, const SampleT*, CounterT, level_t, offset_t, policy_hub_t>;
  if (policytune::bench::skip_unless_launchable(state, policy_hub_t::policy_t::AgentHistogramPolicyT::BLOCK_THREADS, 0))
  {
    return;
  }
#endif
  const auto elements = static_cast<std::size_t>(state.get_int64("Elements{io}"));
  const auto bins     = state.get_int64("Bins");
  const int words     = words_for_entropy(state.get_string("Entropy"));
  // Bins one unit wide from 0: the samples, level type and bin bounds must hold 5/4 of the bins.
  if (static_cast<long double>(bins) * 5 / 4 > static_cast<long double>(std::numeric_limits<SampleT>::max()))
  {
    state.skip("the sample type cannot hold " + std::to_string(bins) + " bins");
    return;
  }
  const int num_levels      = static_cast<int>(bins) + 1;
  const level_t lower_level = 0;
  const level_t upper_level = static_cast<level_t>(bins);

  device_buffer<SampleT> samples(elements);
  device_buffer<CounterT> histogram(static_cast<std::size_t>(bins));
  device_buffer<CounterT> reference(static_cast<std::size_t>(bins));
  fill_samples<<<1024, 256>>>(samples.get(), elements, words, static_cast<std::uint64_t>(bins));
  cuda_check(cudaGetLastError(), "fill_samples");

  // The reference: CUB's default policy through the public API.
  std::size_t reference_temp_size = 0;
  cuda_check(cub::DeviceHistogram::HistogramEven(nullptr, reference_temp_size, samples.get(), reference.get(),
                                                 num_levels, lower_level, upper_level, static_cast<int>(elements)),
             "cub::DeviceHistogram::HistogramEven");
  {
    device_buffer<char> reference_temp(reference_temp_size);
    cuda_check(cub::DeviceHistogram::HistogramEven(reference_temp.get(), reference_temp_size, samples.get(),
                                                   reference.get(), num_levels, lower_level, upper_level,
                                                   static_cast<int>(elements)),
               "cub::DeviceHistogram::HistogramEven");
    cuda_check(cudaDeviceSynchronize(), "cub::DeviceHistogram::HistogramEven");
  }

  const SampleT* input = samples.get();
  const auto dispatch  = [&](void* temp, std::size_t& temp_size, cudaStream_t stream) {
    return dispatch_t::DispatchEven(
      temp,
      temp_size,
      input,
      ::cuda::std::array<CounterT*, 1>{histogram.get()},
      ::cuda::std::array<int, 1>{num_levels},
      ::cuda::std::array<level_t, 1>{lower_level},
      ::cuda::std::array<level_t, 1>{upper_level},
      static_cast<offset_t>(elements),
      offset_t{1},
      static_cast<offset_t>(elements),
      stream,
      ::cuda::std::bool_constant<sizeof(SampleT) == 1>{});
  };
  std::size_t temp_size = 0;
  cuda_check(dispatch(nullptr, temp_size, cudaStream_t{}), "DispatchHistogram::DispatchEven");
  device_buffer<char> temp(temp_size);

  state.add_element_count(elements);
  state.add_global_memory_reads<SampleT>(elements, "Size");
  state.add_global_memory_writes<CounterT>(static_cast<std::size_t>(bins));

  state.verify_with([&] {
    return policytune::bench::histogram::check(to_host(samples, elements), num_levels, lower_level, upper_level,
                                               to_host(histogram, static_cast<std::size_t>(bins)),
                                               to_host(reference, static_cast<std::size_t>(bins)));
  });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch& launch) {
    cuda_check(dispatch(temp.get(), temp_size, launch.get_stream()), "DispatchHistogram::DispatchEven");
  });
}

NVBENCH_BENCH_TYPES(even, NVBENCH_TYPE_AXES(sample_types, counter_types))
  .set_name("base")
  .set_type_axes_names({"SampleT{ct}", "CounterT{ct}"})
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(16, 28, 4))
  .add_int64_axis("Bins", {32, 128, 2048, 2097152})
  .add_string_axis("Entropy", {"0.201", "1.000"});
