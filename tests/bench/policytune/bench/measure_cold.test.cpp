// The execution loop of state.exec() (bench/policytune/bench/measure_cold.hpp): one untimed call,
// then one call per sample until the stopping rule holds.
#include <policytune/bench/measure_cold.hpp>

#include <catch2/catch.hpp>

#include <stdexcept>

namespace {
using policytune::bench::launch;
using policytune::bench::run_settings;
using policytune::bench::sample_timer;
using policytune::bench::detail::backend;
using policytune::bench::detail::measure_cold;
namespace exec_tag = policytune::bench::exec_tag;
}  // namespace

TEST_CASE("measure_cold: a warm-up call, then min_samples calls of a duration that does not vary",
          "[harness][measure_cold]") {
  backend b;
  int calls = 0;
  auto modelled = [&calls](launch&, sample_timer& timer) {
    ++calls;
    timer.report_seconds(0.002);  // noise 0: the rule holds as soon as min_samples are taken
  };
  measure_cold<decltype(exec_tag::timer)::flags, decltype(modelled)> cold(b, modelled);
  cold.warm_up();
  CHECK(calls == 1);
  run_settings settings;
  settings.min_samples = 7;
  const auto stats = cold.sample(settings);
  CHECK(calls == 8);
  CHECK(stats.count == 7);
  CHECK(stats.median == 0.002);
  CHECK(stats.min == 0.002);
  CHECK(stats.max == 0.002);
}

TEST_CASE("measure_cold: a callable without the timer tag is timed around the call, with or without the launch",
          "[harness][measure_cold]") {
  backend b;
  int calls = 0;
  auto with_launch = [&calls](launch&) { ++calls; };
  measure_cold<decltype(exec_tag::no_batch)::flags, decltype(with_launch)> timed(b, with_launch);
  run_settings settings;
  settings.min_samples = 3;
  settings.max_time = 0;  // stop as soon as min_samples are taken
  const auto stats = timed.sample(settings);
  CHECK(calls == 3);
  CHECK(stats.count == 3);
  CHECK(stats.min >= 0);

  auto bare = [&calls] { ++calls; };
  measure_cold<decltype(exec_tag::none)::flags, decltype(bare)> plain(b, bare);
  plain.warm_up();
  CHECK(calls == 4);
}

TEST_CASE("measure_cold: a timer callable that neither times nor reports is refused when sampled",
          "[harness][measure_cold]") {
  backend b;
  auto forgetful = [](launch&, sample_timer&) {};
  measure_cold<decltype(exec_tag::timer)::flags, decltype(forgetful)> cold(b, forgetful);
  CHECK_NOTHROW(cold.warm_up());  // the warm-up is not a sample
  CHECK_THROWS_AS(cold.sample(run_settings{}), std::logic_error);
}
