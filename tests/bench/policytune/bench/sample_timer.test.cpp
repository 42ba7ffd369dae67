// The timer an exec_tag::timer callable receives (bench/policytune/bench/sample_timer.hpp): a sample
// is complete once started and stopped, or once a duration is reported.
#include <policytune/bench/sample_timer.hpp>

#include <catch2/catch.hpp>

using policytune::bench::sample_timer;

TEST_CASE("a sample timer is complete when started and stopped, or when it reported a duration",
          "[harness][sample_timer]") {
  policytune::bench::detail::backend backend;
  sample_timer started_only(backend);
  started_only.start();
  CHECK_FALSE(started_only.complete());
  started_only.stop();
  CHECK(started_only.complete());
  CHECK_FALSE(started_only.reported());
  CHECK(backend.elapsed_seconds() >= 0);

  sample_timer modelled(backend);
  CHECK_FALSE(modelled.complete());
  modelled.report_seconds(0.125);
  CHECK(modelled.complete());
  CHECK(modelled.reported());
  CHECK(modelled.reported_seconds() == 0.125);
}
