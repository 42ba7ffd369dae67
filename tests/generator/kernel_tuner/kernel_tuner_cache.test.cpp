#include "kernel_tuner/kernel_tuner_cache.hpp"

#include <catch2/catch.hpp>

#include "core/user_error.hpp"

using namespace policytune;

TEST_CASE("a Kernel Tuner cache: parameters, entries, times and failures", "[import]") {
  const KernelTunerCache cache = read_kernel_tuner_cache(POLICYTUNE_TEST_DATA "/landscapes/tiny.json");
  CHECK(cache.parameters == std::vector<std::string>{"block_size_x", "unroll"});
  CHECK(cache.cache().size() == 5);
  CHECK(cache.line_of_key("tune_params") == 6);
  CHECK(cache.line_of_entry("64,0") == 10);
  const auto time = [&](const std::string& key) { return entry_time(cache, key, cache.cache().at(key)); };
  CHECK(time("32,0").milliseconds == 2.0);
  CHECK_FALSE(time("32,1").milliseconds);
  CHECK(time("32,1").failure == "CompilationFailedConfig");
  CHECK_FALSE(time("64,1").milliseconds);
  CHECK(time("64,1").failure == "time 1e20 (failed)");
}

TEST_CASE("a file that is no Kernel Tuner cache is a user error naming it", "[import]") {
  CHECK_THROWS_AS(read_kernel_tuner_cache(POLICYTUNE_TEST_DATA "/landscapes/missing.json"), UserError);
  CHECK_THROWS_WITH(read_kernel_tuner_cache(POLICYTUNE_TEST_DATA "/kernel_tuner/truncated.json"),
                    Catch::Contains("truncated.json") && Catch::Contains("not valid JSON"));
}
