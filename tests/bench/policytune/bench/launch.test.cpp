// nvbench::launch (bench/policytune/bench/launch.hpp): the stream the callable launches on.
#include <policytune/bench/launch.hpp>

#include <catch2/catch.hpp>

#include <type_traits>

TEST_CASE("a host build's launch gives the host stream through both spellings", "[bench_stream][launch]") {
  using policytune::bench::host_stream;
  const policytune::bench::launch launch{host_stream{}};
  STATIC_REQUIRE(std::is_same_v<decltype(launch.get_stream()), const policytune::bench::cuda_stream&>);
  STATIC_REQUIRE(std::is_same_v<decltype(launch.get_stream().get_stream()), host_stream>);
  const host_stream converted = launch.get_stream();
  (void)converted;
  // The reference is the launch's own: one stream for the whole state, as NVBench's.
  CHECK(&launch.get_stream() == &launch.get_stream());
}
