// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: nvbench::cuda_stream, the stream a launch runs on.
#pragma once

namespace policytune::bench
{
/// The stream as NVBench hands it out (launch.get_stream(), state.get_cuda_stream()): a wrapper
/// that gives the native handle through get_stream() and converts to it where one is expected.
/// CUB's benchmarks write both, `launch.get_stream()` for a cudaStream_t parameter and
/// `launch.get_stream().get_stream()` where a template (an environment) would take the wrapper.
/// `Native` is cudaStream_t in a CUDA build and the empty host_stream in a host build.
template <class Native>
class basic_stream
{
public:
  using native_type = Native;

  explicit basic_stream(native_type native) noexcept
      : m_native(native)
  {}

  native_type get_stream() const noexcept { return m_native; }
  operator native_type() const noexcept { return m_native; }

private:
  native_type m_native;
};
} // namespace policytune::bench
