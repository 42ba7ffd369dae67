#include "kernel_tuner/kernel_tuner_cache.hpp"

#include <catch2/catch.hpp>

#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"

#include <stdexcept>
#include <string>
#include <vector>

using namespace policytune;

namespace {

// The entry of `key` in `cache`.
const KernelTunerCache::Json& entry_of(const KernelTunerCache& cache, const std::string& key) {
  for (const auto& [entry_key, entry] : cache.entries) {
    if (entry_key == key) return entry;
  }
  FAIL("no entry " << key);
  throw std::logic_error("unreachable");
}

// The keys of the cache's entries, in the file's order.
std::vector<std::string> keys_of(const KernelTunerCache& cache) {
  std::vector<std::string> keys;
  for (const auto& entry : cache.entries) keys.push_back(entry.first);
  return keys;
}

}  // namespace

TEST_CASE("a Kernel Tuner cache: parameters, entries, times and failures", "[import]") {
  const KernelTunerCache cache = read_kernel_tuner_cache(POLICYTUNE_TEST_DATA "/landscapes/tiny.json");
  CHECK(cache.parameters == std::vector<std::string>{"block_size_x", "unroll"});
  CHECK(cache.entries.size() == 5);
  CHECK(cache.document.at("cache").empty());  // its entries are in `entries` alone
  CHECK(cache.line_of_key("tune_params") == 6);
  CHECK(cache.line_of_entry("64,0") == 10);
  const auto time = [&](const std::string& key) { return entry_time(cache, key, entry_of(cache, key)); };
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

namespace {

// A cache of two parameters whose entries are `entries` (already joined by commas).
std::string cache_text(const std::string& entries, const std::string& extra_member = "") {
  return "{\n\"kernel_name\": \"k\",\n\"tune_params_keys\": [\"x\", \"y\"],\n"
         "\"tune_params\": {\"x\": [1, 2, 9], \"y\": [0, 1]},\n" +
         extra_member + "\"cache\": {\n" + entries + "\n}\n}\n";
}

}  // namespace

TEST_CASE("a cache nested deeper than any Kernel Tuner writes is refused at the line where it goes too deep",
          "[import]") {
  const policytune::testing::TemporaryDirectory folder("kernel-tuner-deep");
  const std::string path =
      folder.write("deep.json", cache_text("\"1,0\": {\"x\": 1, \"y\": 0, \"time\": " + std::string(100000, '[') +
                                           std::string(100000, ']') + "}"));
  try {
    read_kernel_tuner_cache(path);
    FAIL("no error");
  } catch (const UserError& error) {
    CHECK(error.file() == path);
    CHECK(error.line() == 6);
    CHECK(error.message() == "arrays and objects nest deeper than 64 levels");
  }
}

TEST_CASE("the configurations keep the file's order, which sorting their keys would change", "[import]") {
  const policytune::testing::TemporaryDirectory folder("kernel-tuner-order");
  const std::string path = folder.write("order.json", cache_text(R"("9,1": {"x": 9, "y": 1, "time": 3.0},
"1,0": {"x": 1, "y": 0, "time": 1.0},
"2,1": {"x": 2, "y": 1, "time": 2.0})"));
  const KernelTunerCache cache = read_kernel_tuner_cache(path);
  CHECK(keys_of(cache) == std::vector<std::string>{"9,1", "1,0", "2,1"});
  CHECK(entry_of(cache, "1,0") == KernelTunerCache::Json::parse(R"({"x": 1, "y": 0, "time": 1.0})"));
}

TEST_CASE("a configuration key twice in the cache is an error, not a silently replaced entry", "[import]") {
  const policytune::testing::TemporaryDirectory folder("kernel-tuner-twice");
  const std::string twice = folder.write("twice.json", cache_text(R"("1,0": {"x": 1, "y": 0, "time": 1.0},
"2,1": {"x": 2, "y": 1, "time": 2.0},
"1,0": {"x": 1, "y": 0, "time": 0.5})"));
  CHECK_THROWS_WITH(read_kernel_tuner_cache(twice), Catch::Contains("twice.json:8: cache entry '1,0' appears twice"));
  // A second "cache" member would replace the first as a whole.
  const std::string two_caches =
      folder.write("two_caches.json", cache_text(R"("2,1": {"x": 2, "y": 1, "time": 2.0})",
                                                 "\"cache\": {\"1,0\": {\"x\": 1, \"y\": 0, \"time\": 1.0}},\n"));
  CHECK_THROWS_WITH(read_kernel_tuner_cache(two_caches), Catch::Contains("'cache' appears twice"));
}

TEST_CASE("the entries are read whole in one pass, whatever their shape and wherever the cache stands", "[import]") {
  const policytune::testing::TemporaryDirectory folder("kernel-tuner-shapes");
  // The cache before the parameters, an entry that is no object, nested members, and an object
  // named "cache" below the top level, which is no cache.
  const std::string path = folder.write("shapes.json", R"({"cache": {"1,0": {"x": 1, "y": 0, "time": 1.5,
  "times": [1.0, 2.0], "nested": {"cache": {"a": [[1], {"b": null}]}}},
"2,1": [true, "x", 3],
"9,0": 7},
"tune_params_keys": ["x", "y"], "other": {"cache": {"9,9": 1}},
"tune_params": {"x": [1, 2, 9], "y": [0, 1]}, "kernel_name": "k"})");
  const KernelTunerCache cache = read_kernel_tuner_cache(path);
  CHECK(keys_of(cache) == std::vector<std::string>{"1,0", "2,1", "9,0"});
  CHECK(entry_of(cache, "1,0") == KernelTunerCache::Json::parse(R"({"x": 1, "y": 0, "time": 1.5, "times": [1.0, 2.0],
                                                                   "nested": {"cache": {"a": [[1], {"b": null}]}}})"));
  CHECK(entry_of(cache, "2,1") == KernelTunerCache::Json::parse(R"([true, "x", 3])"));
  CHECK(entry_of(cache, "9,0") == 7);
  CHECK(cache.document.at("other") == KernelTunerCache::Json::parse(R"({"cache": {"9,9": 1}})"));
  CHECK(cache.document.at("kernel_name") == "k");
  CHECK(cache.parameters == std::vector<std::string>{"x", "y"});
  CHECK_THROWS_WITH(entry_configuration(cache, "2,1", entry_of(cache, "2,1")),
                    Catch::Contains("shapes.json:3: cache entry '2,1' is not an object"));

  const std::string listed = folder.write("listed.json", R"({"tune_params_keys": ["x"], "tune_params": {"x": [1]},
"cache": [{"1": {"x": 1, "time": 1.0}}]})");
  CHECK_THROWS_WITH(read_kernel_tuner_cache(listed), Catch::Contains("needs 'cache' (an object of configurations)"));
  const std::string broken = folder.write("broken.json", cache_text(R"("1,0": {"x": 1, "y": 0, "time": 1.0},
"2,1": {"x": 2, "y": 1, "time": })"));
  CHECK_THROWS_WITH(read_kernel_tuner_cache(broken), Catch::Contains("broken.json:7: not valid JSON"));
}
