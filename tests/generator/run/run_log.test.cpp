// RunLog is what building and running tell whoever follows them; SearchProgress is the one kept.
#include "run/run_log.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "search/search_progress.hpp"

using namespace policytune;

namespace {

std::string run_log_written(std::FILE* stream) {
  std::string text;
  std::rewind(stream);
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, stream)) > 0;) text.append(buffer, n);
  return text;
}

}  // namespace

TEST_CASE("a run log's messages are lines of their own, cleared first on a terminal", "[run_log]") {
  for (const ProgressStyle style : {ProgressStyle::lines, ProgressStyle::status_line}) {
    const bool terminal = style == ProgressStyle::status_line;
    std::FILE* stream = std::tmpfile();
    REQUIRE(stream != nullptr);
    SearchProgress progress(stream, style);
    RunLog& log = progress;
    log.message("base: built in 1.2 s");
    log.message("unroll_2: skipped by the device");
    const std::string expected = terminal ? "\r\033[Kbase: built in 1.2 s\n\r\033[Kunroll_2: skipped by the device\n"
                                          : "base: built in 1.2 s\nunroll_2: skipped by the device\n";
    CHECK(run_log_written(stream) == expected);
    std::fclose(stream);
  }
}

TEST_CASE("a run log sums build and run time, from lanes that measure at once", "[run_log]") {
  std::FILE* stream = std::tmpfile();
  REQUIRE(stream != nullptr);
  SearchProgress progress(stream, ProgressStyle::lines);
  RunLog& log = progress;
  log.add_build_time(1.5);
  log.add_build_time(0.25);
  std::vector<std::thread> lanes;
  for (int lane = 0; lane < 4; ++lane) {
    lanes.emplace_back([&log] {
      for (int i = 0; i < 1000; ++i) log.add_run_time(0.5);
    });
  }
  for (auto& lane : lanes) lane.join();
  CHECK(progress.build_seconds() == 1.75);
  CHECK(progress.run_seconds() == 2000.0);  // no addition lost between lanes
  CHECK(run_log_written(stream).empty());   // times are summed, not printed
  std::fclose(stream);
}
