// RunOptions' defaults are CUB's: a variant may take 10x the base build and 50x the base run; they
// are what a BenchmarkSession times its runs by unless a timeout is given in seconds.
#include "run/run_options.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <thread>

#include "run/benchmark_session.hpp"
#include "run/stream_run_log.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;

TEST_CASE("run options default to CUB's timeout factors, every core, and the harness's sampling", "[run_options]") {
  const RunOptions options;
  CHECK(options.build_timeout_factor == 10);
  CHECK(options.run_timeout_factor == 50);
  CHECK_FALSE(options.build_timeout.has_value());
  CHECK_FALSE(options.run_timeout.has_value());
  CHECK(options.jobs == 0);
  CHECK(options.batch_size == 0);
  CHECK(options.lanes == 0);
  CHECK(options.filters.empty());
  CHECK(options.build_directory == "policytune.build");
  CHECK(options.sampling.min_samples == 10);
  CHECK(options.sampling.max_noise_percent == 2);  // 2 %, in NVBench's unit
  CHECK(options.sampling.max_time == 0.25);
}

TEST_CASE("a session times a variant's run by the factor over base, or by the seconds given", "[run_options]") {
  using Seconds = BenchmarkSession::Seconds;
  std::FILE* quiet = std::tmpfile();
  REQUIRE(quiet != nullptr);
  StreamRunLog progress(quiet, ProgressStyle::lines);
  RunOptions options;
  {
    const BenchmarkSession session(options, progress, read_benchmark_source(testing::kTinyBenchmark));
    CHECK(session.variant_run_timeout(Seconds(2)).count() == Approx(100));     // 50x base
    CHECK(session.variant_run_timeout(Seconds(0.001)).count() == Approx(10));  // never under 10 s
    CHECK(session.jobs() == std::max(1u, std::thread::hardware_concurrency()));
  }
  options.run_timeout_factor = 3;
  options.jobs = 3;
  {
    const BenchmarkSession session(options, progress, read_benchmark_source(testing::kTinyBenchmark));
    CHECK(session.variant_run_timeout(Seconds(5)).count() == Approx(15));
    CHECK(session.jobs() == 3);
  }
  options.run_timeout = 4.5;
  {
    const BenchmarkSession session(options, progress, read_benchmark_source(testing::kTinyBenchmark));
    CHECK(session.variant_run_timeout(Seconds(100)).count() == Approx(4.5));
  }
  std::fclose(quiet);
}
