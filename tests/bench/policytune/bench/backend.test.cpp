// The back end a build measures with (bench/policytune/bench/backend.hpp): the host's here.
#include <policytune/bench/backend.hpp>

#include <catch2/catch.hpp>

#include <type_traits>

TEST_CASE("a host build measures with steady_clock, on no stream", "[harness][backend]") {
  using policytune::bench::detail::backend;
  STATIC_REQUIRE(std::is_same_v<backend, policytune::bench::detail::host_backend>);
  STATIC_REQUIRE(std::is_same_v<backend::stream_type, policytune::bench::host_stream>);
  backend b;
  b.start();
  b.stop();
  CHECK(b.elapsed_seconds() >= 0);
}
