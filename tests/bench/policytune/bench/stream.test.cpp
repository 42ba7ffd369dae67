#include <policytune/bench/stream.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>

namespace {
struct opaque_stream_t;  // how the CUDA runtime declares cudaStream_t: a pointer to an opaque struct
using fake_cuda_stream = opaque_stream_t*;
using wrapped = policytune::bench::basic_stream<fake_cuda_stream>;

fake_cuda_stream fake(int n) { return reinterpret_cast<fake_cuda_stream>(static_cast<std::uintptr_t>(n)); }

// A runtime call's stream parameter, and an environment-taking template beside it: CUB 3.4's
// DeviceTransform offers both, which is why its benchmarks unwrap with get_stream().
std::string takes(fake_cuda_stream) { return "native"; }
template <class Env>
std::string takes_env(Env) {
  return std::is_same_v<Env, fake_cuda_stream> ? "native" : "wrapper";
}
}  // namespace

TEST_CASE("the launch's stream is NVBench's wrapper: get_stream() unwraps it and it converts where a stream is taken",
          "[bench_stream]") {
  const wrapped stream(fake(7));
  CHECK(stream.get_stream() == fake(7));
  CHECK(takes(stream) == "native");  // launch.get_stream() passed to a cudaStream_t parameter
  const fake_cuda_stream converted = stream;
  CHECK(converted == fake(7));
  CHECK(takes_env(stream.get_stream()) == "native");  // launch.get_stream().get_stream()
  CHECK(takes_env(stream) == "wrapper");              // what the unwrapping is for
}
