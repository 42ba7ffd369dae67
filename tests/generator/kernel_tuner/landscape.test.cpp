#include "kernel_tuner/landscape.hpp"

#include <catch2/catch.hpp>

#include <string>

#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;
using testing::kPnpolyLandscape;
using testing::kTinyLandscape;

namespace {

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// Reading `text` must fail naming the file and `line`, with `needle` in the message.
void expect_failure(const std::string& text, std::size_t line, const std::string& needle) {
  const testing::TemporaryDirectory dir("landscape");
  const std::string path = dir.write("bad.json", text);
  try {
    (void)Landscape::read(path);
    FAIL("reading did not throw");
  } catch (const UserError& error) {
    INFO(error.what());
    CHECK(error.file() == path);
    CHECK(error.line() == line);
    CHECK_THAT(error.message(), Catch::Matchers::Contains(needle));
  }
}

const std::string kCache = R"json({
"kernel_name": "tiny",
"tune_params_keys": ["block_size_x", "unroll"],
"tune_params": {"block_size_x": [32, 64, 128], "unroll": [0, 1]},
"cache": {
"32,0": {"block_size_x": 32, "unroll": 0, "time": 2.0},
"64,0": {"block_size_x": 64, "unroll": 0, "time": 1.0}
}
}
)json";

}  // namespace

TEST_CASE("a landscape: axes from tune_params, missing configurations restricted, failures", "[replay]") {
  const Landscape landscape = Landscape::read(kTinyLandscape);
  CHECK(landscape.axis_sizes() == std::vector<std::uint64_t>{3, 2});
  CHECK(landscape.size() == BigCount(6));
  CHECK(landscape.configurations() == 5);
  CHECK(landscape.allowed({0, 0}));
  CHECK_FALSE(landscape.allowed({2, 1}));  // 128,1 is not in the cache
  CHECK(landscape.time_of({0, 0}) == 2.0);
  CHECK(landscape.time_of({1, 0}) == 1.0);
  CHECK_FALSE(landscape.time_of({0, 1}));  // CompilationFailedConfig
  CHECK_FALSE(landscape.time_of({1, 1}));  // 1e20
  CHECK(landscape.best_time() == 1.0);
}

TEST_CASE("a real landscape reads in full", "[replay]") {
  const Landscape landscape = Landscape::read(kPnpolyLandscape);
  CHECK(landscape.axis_sizes() == std::vector<std::uint64_t>{4, 31, 11, 3});
  CHECK(landscape.configurations() == 4092);
  REQUIRE(landscape.best_time());
  CHECK(*landscape.best_time() == Approx(8.71424).epsilon(1e-5));
}

TEST_CASE("malformed landscapes are user errors at the right file and line", "[replay]") {
  expect_failure(replaced(kCache, R"("tune_params": {"block_size_x": [32, 64, 128], "unroll": [0, 1]},)", ""), 0,
                 "tune_params");
  expect_failure(replaced(kCache, R"("unroll": [0, 1]})", R"("unroll": []})"), 4, "'unroll'");
  expect_failure(replaced(kCache, R"("unroll": [0, 1]})", R"("unroll": [0, 1, 0]})"), 4, "twice");
  expect_failure(replaced(kCache, R"("block_size_x": 64, "unroll": 0, "time": 1.0)",
                          R"("block_size_x": 48, "unroll": 0, "time": 1.0)"),
                 7, "block_size_x = 48");
  expect_failure(
      replaced(kCache, R"("block_size_x": 64, "unroll": 0, "time": 1.0)", R"("block_size_x": 64, "time": 1.0)"), 7,
      "lacks parameter 'unroll'");
  // 32,0.0 is 32,0 spelled another way: the same configuration twice.
  expect_failure(replaced(kCache, R"("64,0": {"block_size_x": 64, "unroll": 0, "time": 1.0)",
                          R"("32,0.0": {"block_size_x": 32, "unroll": 0, "time": 1.0)"),
                 7, "repeats");
  // A key that says another configuration than its values, or has too few values (import refuses both too).
  expect_failure(replaced(kCache, R"("64,0": {"block_size_x": 64)", R"("64,1": {"block_size_x": 64)"), 7,
                 "keyed as another configuration");
  expect_failure(replaced(kCache, R"("64,0": {"block_size_x": 64)", R"("64": {"block_size_x": 64)"), 7,
                 "keyed as another configuration");
  expect_failure(replaced(kCache, R"("time": 1.0)", R"("time": -1.0)"), 7, "non-positive");
  expect_failure(replaced(kCache, R"("time": 1.0)", R"("time": [1.0])"), 7, "neither a number nor a failure");
  expect_failure(replaced(kCache, R"("time": 1.0})", R"("time": 1.0,})"), 7, "not valid JSON");
  expect_failure(replaced(kCache, R"("tune_params_keys": ["block_size_x", "unroll"],)", ""), 0, "tune_params_keys");
}

TEST_CASE("degenerate landscapes are user errors: no parameters, a parameter twice, times at the edges, no success",
          "[replay]") {
  // Without parameters every configuration would collapse into one variant with an empty name.
  expect_failure(replaced(kCache, R"(["block_size_x", "unroll"])", "[]"), 3, "tune_params_keys is empty");
  expect_failure(replaced(kCache, R"(["block_size_x", "unroll"])", R"(["unroll", "unroll"])"), 3,
                 "names 'unroll' twice");
  expect_failure(replaced(kCache, R"("time": 1.0)", R"("time": 0)"), 7, "non-positive");
  // 1e400 overflows a double: the JSON reader refuses it.
  expect_failure(replaced(kCache, R"("time": 1.0)", R"("time": 1e400)"), 0, "not valid JSON");
  // Every configuration failed: there is no optimum to measure a strategy against.
  expect_failure(replaced(replaced(kCache, R"("time": 1.0)", R"("time": "RuntimeFailedConfig")"), R"("time": 2.0)",
                          R"("time": "CompilationFailedConfig")"),
                 5, "every configuration in the cache failed");
}
