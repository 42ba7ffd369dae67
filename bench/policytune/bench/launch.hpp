// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: nvbench::launch, what the callable given to state.exec() receives:
// the stream to launch its work on.
#pragma once

#include <policytune/bench/backend.hpp>
#include <policytune/bench/stream.hpp>

namespace policytune::bench
{
/// NVBench's name for what launch.get_stream() returns.
using cuda_stream = basic_stream<detail::backend::stream_type>;

class launch
{
public:
  using stream_type = detail::backend::stream_type;

  explicit launch(stream_type stream) noexcept
      : m_stream(stream)
  {}

  /// The stream to launch on (a cudaStream_t in a CUDA build, an empty host_stream otherwise),
  /// wrapped as NVBench wraps it.
  const cuda_stream& get_stream() const noexcept { return m_stream; }

private:
  cuda_stream m_stream;
};
} // namespace policytune::bench
