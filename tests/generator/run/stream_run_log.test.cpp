// StreamRunLog: how the stages' messages reach a log file or a terminal.
#include "run/stream_run_log.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <string>

using namespace policytune;

namespace {

std::string stream_log_written(std::FILE* stream) {
  std::string text;
  std::rewind(stream);
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, stream)) > 0;) text.append(buffer, n);
  return text;
}

}  // namespace

TEST_CASE("a run log's messages are lines of their own, cleared first on a terminal", "[stream_run_log]") {
  for (const ProgressStyle style : {ProgressStyle::lines, ProgressStyle::status_line}) {
    const bool terminal = style == ProgressStyle::status_line;
    std::FILE* stream = std::tmpfile();
    REQUIRE(stream != nullptr);
    StreamRunLog progress(stream, style);
    RunLog& log = progress;
    log.message("base: built in 1.2 s");
    log.message("unroll_2: skipped by the device");
    const std::string expected = terminal ? "\r\033[Kbase: built in 1.2 s\n\r\033[Kunroll_2: skipped by the device\n"
                                          : "base: built in 1.2 s\nunroll_2: skipped by the device\n";
    CHECK(stream_log_written(stream) == expected);
    std::fclose(stream);
  }
}

TEST_CASE("a message quoting a benchmark's words stays one line, its control characters escaped", "[stream_run_log]") {
  std::FILE* stream = std::tmpfile();
  REQUIRE(stream != nullptr);
  StreamRunLog log(stream, ProgressStyle::lines);
  log.message("unroll_2: run_failed: line one\nforged line \033[2J");
  const std::string written = stream_log_written(stream);
  CHECK(written.find('\033') == std::string::npos);
  CHECK(std::count(written.begin(), written.end(), '\n') == 1);
  log.add_cached_build();
  log.add_cached_build();
  CHECK(log.cached_builds() == 2);
  std::fclose(stream);
}
