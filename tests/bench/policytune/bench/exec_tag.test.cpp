// NVBench's execution tags (bench/policytune/bench/exec_tag.hpp): they combine, and only `timer`
// makes the callable time itself.
#include <policytune/bench/exec_tag.hpp>

#include <catch2/catch.hpp>

#include <type_traits>

TEST_CASE("execution tags combine with | and only timer asks the callable to time itself", "[harness][exec_tag]") {
  namespace exec_tag = policytune::bench::exec_tag;
  constexpr auto both = exec_tag::timer | exec_tag::no_batch;
  STATIC_REQUIRE(decltype(both)::flags == (exec_tag::timer.flags | exec_tag::no_batch.flags));
  STATIC_REQUIRE(exec_tag::has_timer<decltype(both)::flags>);
  STATIC_REQUIRE(exec_tag::has_timer<decltype(exec_tag::timer)::flags>);
  STATIC_REQUIRE_FALSE(exec_tag::has_timer<decltype(exec_tag::sync | exec_tag::gpu | exec_tag::no_gpu)::flags>);
  STATIC_REQUIRE_FALSE(exec_tag::has_timer<decltype(exec_tag::none)::flags>);
  // Every tag is a flag of its own, so that a combination names each.
  constexpr unsigned flags[] = {exec_tag::sync.flags, exec_tag::timer.flags, exec_tag::no_batch.flags,
                                exec_tag::gpu.flags, exec_tag::no_gpu.flags};
  unsigned seen = 0;
  for (unsigned flag : flags) {
    CHECK((seen & flag) == 0);
    seen |= flag;
  }
}
