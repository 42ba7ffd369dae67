#include "search/search_progress.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

using namespace policytune;

namespace {

// What a progress report wrote, read back from a temporary file.
std::string written(std::FILE* stream) {
  std::fflush(stream);
  std::rewind(stream);
  std::string text;
  for (int c = std::fgetc(stream); c != EOF; c = std::fgetc(stream)) text += static_cast<char>(c);
  return text;
}

// What a terminal shows: each line as it stands after carriage returns and "erase line" overwrote it.
std::string as_displayed(const std::string& text) {
  std::string shown, line;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 4, "\r\033[K") == 0) {
      line.clear();
      i += 3;
    } else if (text[i] == '\n') {
      shown += line + '\n';
      line.clear();
    } else {
      line += text[i];
    }
  }
  return shown + line;
}

}  // namespace

TEST_CASE("on a terminal, why a variant failed stays on screen", "[search_progress]") {
  std::FILE* stream = std::tmpfile();
  REQUIRE(stream != nullptr);
  SearchProgress progress(stream, ProgressStyle::status_line);
  progress.begin_workload("tiny.sum[T{ct}=I32]", 3);
  progress.variant_done("unroll_1", Status::ok, "", 1.25, VariantOrigin::measured_now);
  progress.variant_done("unroll_2", Status::build_failed, "sum.cpp:12: error: 'x' was not declared", std::nullopt,
                        VariantOrigin::measured_now);
  progress.variant_done("unroll_3", Status::ok, "", 1.5, VariantOrigin::measured_now);
  progress.end_workload();
  const std::string shown = as_displayed(written(stream));
  std::fclose(stream);
  INFO(shown);
  CHECK(shown.find("tiny.sum[T{ct}=I32]: unroll_2: build_failed: sum.cpp:12: error: 'x' was not declared\n") !=
        std::string::npos);
  CHECK(shown.find("tiny.sum[T{ct}=I32] [3/3] 1 failed, best unroll_3 1.5000\n") != std::string::npos);
}

TEST_CASE("on a terminal, a skipped variant and failures stored earlier get no line of their own",
          "[search_progress]") {
  std::FILE* stream = std::tmpfile();
  REQUIRE(stream != nullptr);
  SearchProgress progress(stream, ProgressStyle::status_line);
  progress.begin_workload("tiny.sum", 2);
  progress.variant_done("unroll_1", Status::skipped, "too many threads", std::nullopt, VariantOrigin::measured_now);
  progress.variant_done("unroll_2", Status::run_failed, "signal 11", std::nullopt, VariantOrigin::stored_earlier);
  progress.end_workload();
  const std::string shown = as_displayed(written(stream));
  std::fclose(stream);
  CHECK(shown == "tiny.sum [2/2] 1 failed, 1 skipped\n");
}

TEST_CASE("in a log, every variant gets a line with its outcome", "[search_progress]") {
  std::FILE* stream = std::tmpfile();
  REQUIRE(stream != nullptr);
  SearchProgress progress(stream, ProgressStyle::lines);
  progress.begin_workload("tiny.sum", 1);
  progress.variant_done("unroll_1", Status::run_failed, "exit code 3", std::nullopt, VariantOrigin::measured_now);
  const std::string text = written(stream);
  std::fclose(stream);
  CHECK(text == "tiny.sum: searching 1 variants\ntiny.sum [1/1] 1 failed | unroll_1: run_failed: exit code 3\n");
}

TEST_CASE("a reason or message of a benchmark's words is one escaped line, on a terminal and in a log",
          "[search_progress]") {
  const std::string hostile = "bad\x1b[2J\nsearched: 9 variants measured";
  for (const auto style : {ProgressStyle::status_line, ProgressStyle::lines}) {
    std::FILE* stream = std::tmpfile();
    REQUIRE(stream != nullptr);
    SearchProgress progress(stream, style);
    progress.begin_workload("tiny.sum", 1);
    progress.variant_done("unroll_1", Status::run_failed, hostile, std::nullopt, VariantOrigin::measured_now);
    progress.message("tiny.sum: confirmation: not done: " + hostile);
    progress.end_workload();
    std::string text = written(stream);
    std::fclose(stream);
    INFO(text);
    // Our own "\r\033[K" rewrites the status line; no other escape and no line of the benchmark's.
    for (std::size_t at = text.find("\r\033[K"); at != std::string::npos; at = text.find("\r\033[K")) text.erase(at, 4);
    CHECK(text.find('\x1b') == std::string::npos);
    CHECK(text.find("\nsearched:") == std::string::npos);
    CHECK(text.find("run_failed: bad\\x1b[2J\\nsearched: 9 variants measured") != std::string::npos);
    CHECK(text.find("tiny.sum: confirmation: not done: bad\\x1b[2J\\nsearched: 9 variants measured\n") !=
          std::string::npos);
  }
}
