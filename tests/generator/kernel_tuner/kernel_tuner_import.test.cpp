#include "kernel_tuner/kernel_tuner_import.hpp"
#include "support/measurement_checks.hpp"
#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

#include <catch2/catch.hpp>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "core/user_error.hpp"

namespace fs = std::filesystem;
using policytune::import_kernel_tuner;
using policytune::KernelTunerImport;
using policytune::Measurement;
using policytune::Status;
using policytune::UserError;
using policytune::testing::kPnpolyLandscape;

namespace {

// The shared temporary directory, plus gzip-compressed files.
class TempDir : public policytune::testing::TemporaryDirectory {
public:
  using TemporaryDirectory::TemporaryDirectory;
  std::string write_gzip(const std::string& name, const std::string& text) const {
    const std::string path = file(name);
    gzFile gz = gzopen(path.c_str(), "wb");
    REQUIRE(gz != nullptr);
    REQUIRE(gzwrite(gz, text.data(), static_cast<unsigned>(text.size())) == static_cast<int>(text.size()));
    REQUIRE(gzclose(gz) == Z_OK);
    return path;
  }
};

const KernelTunerImport& pnpoly() {
  static const KernelTunerImport imported = import_kernel_tuner(kPnpolyLandscape, std::nullopt);
  return imported;
}

const Measurement* find_variant(const KernelTunerImport& imported, const std::string& variant) {
  const auto found = std::find_if(imported.measurements.begin(), imported.measurements.end(),
                                  [&](const Measurement& m) { return m.variant == variant; });
  return found == imported.measurements.end() ? nullptr : &*found;
}

const Measurement& base_of(const KernelTunerImport& imported) {
  const Measurement* base = find_variant(imported, "base");
  REQUIRE(base != nullptr);
  return *base;
}

using policytune::testing::check_same_result;

// The import of `path` must throw a UserError naming `path`, at `line` (0: the whole file),
// whose message contains `needle`.
void expect_import_fails(const std::string& path, std::size_t line, const std::string& needle,
                         const std::optional<std::string>& base_key = std::nullopt) {
  try {
    (void)import_kernel_tuner(path, base_key);
    FAIL("importing " << path << " did not throw");
  } catch (const UserError& error) {
    INFO(error.what());
    CHECK(error.file() == path);
    CHECK(error.line() == line);
    CHECK_THAT(error.message(), Catch::Matchers::Contains(needle));
  }
}

// A small cache, one configuration per line; the line numbers are used below.
const std::string kSmallCache = R"json({
"device_name": "Test GPU",
"kernel_name": "vector_add",
"problem_size": [1024, 2],
"tune_params_keys": ["block_size_x", "tile"],
"tune_params": {"block_size_x": [32, 64, 96], "tile": [0.5, 1]},
"cache": {
"32,0.5": {"block_size_x": 32, "tile": 0.5, "time": "CompilationFailedConfig"},
"32,1": {"block_size_x": 32, "tile": 1, "time": 1.5, "times": [1.0, 2.0, 1.5, 3.0]},
"64,0.5": {"block_size_x": 64, "tile": 0.5, "time": 1e20},
"64,1": {"block_size_x": 64, "tile": 1, "time": 2.0},
"96,1": {"block_size_x": 96, "tile": 1, "time": "InvalidConfig"},
"96,0.5": {"block_size_x": 96, "tile": 0.5, "time": "RuntimeFailedConfig"}
}
}
)json";

std::string replace_line(const std::string& text, const std::string& old_line, const std::string& new_line) {
  const std::size_t at = text.find(old_line);
  REQUIRE(at != std::string::npos);
  std::string result = text;
  result.replace(at, old_line.size(), new_line);
  return result;
}

}  // namespace

// ----- the real landscape ------------------------------------------------------------------------

TEST_CASE("import of the RTX 3090 pnpoly cache: counts and statuses", "[import]") {
  const KernelTunerImport& imported = pnpoly();
  REQUIRE(imported.measurements.size() == 4092 + 1);
  const auto count = [&](Status status) {
    return std::count_if(imported.measurements.begin(), imported.measurements.end(),
                         [&](const Measurement& m) { return m.status == status; });
  };
  CHECK(count(Status::run_failed) == 318);
  CHECK(count(Status::ok) == 4092 - 318 + 1);  // the base copy is a successful one
  CHECK(count(Status::build_failed) == 0);
  CHECK(count(Status::skipped) == 0);
  for (const auto& m : imported.measurements) {
    if (m.status == Status::run_failed) {
      CHECK(m.reason == "RuntimeFailedConfig");
      CHECK(m.statistics.count == 0);
    } else {
      CHECK(m.statistics.count == 10);
      CHECK(m.statistics.median > 0);
    }
  }

  CHECK(imported.space.benchmark == "kernel_tuner.cn_pnpoly");
  CHECK(imported.space.algorithm == "cn_pnpoly");
  CHECK(imported.space.size == "4092");
  CHECK(imported.space.ranges == "between_method\nblock_size_x\ntile_size\nuse_method\n");
  CHECK_FALSE(imported.space.source_hash.empty());
}

TEST_CASE("import of the RTX 3090 pnpoly cache: identity of every measurement", "[import]") {
  const KernelTunerImport& imported = pnpoly();
  REQUIRE_FALSE(imported.measurements.empty());
  const Measurement& first = imported.measurements.front();
  CHECK(first.device.name == "NVIDIA GeForce RTX 3090");
  CHECK(first.algorithm == "cn_pnpoly");
  CHECK(first.benchmark == "kernel_tuner.cn_pnpoly");
  CHECK(first.toolkit == "Kernel Tuner");
  CHECK(first.rt_workload == "problem_size=20000000");
  CHECK(first.source_hash == imported.space.source_hash);
  CHECK(std::regex_match(first.recorded_at, std::regex(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)")));
  for (const auto& m : imported.measurements) {
    // Everything that keys a result is shared; only the variant differs.
    CHECK(m.algorithm == first.algorithm);
    CHECK(m.benchmark == first.benchmark);
    CHECK(m.device == first.device);
    CHECK(m.toolkit == first.toolkit);
    CHECK(m.library == first.library);
    CHECK(m.source_hash == first.source_hash);
    CHECK(m.ct_workload == first.ct_workload);
    CHECK(m.entry == first.entry);
    CHECK(m.rt_workload == first.rt_workload);
  }
}

TEST_CASE("import of the RTX 3090 pnpoly cache: variant names", "[import]") {
  const KernelTunerImport& imported = pnpoly();
  const std::regex shape(R"(between_method_[0-3]\.block_size_x_\d+\.tile_size_\d+\.use_method_[0-2])");
  std::set<std::string> variants;
  std::size_t bases = 0;
  for (const auto& m : imported.measurements) {
    if (m.variant == "base") {
      ++bases;
      continue;
    }
    INFO(m.variant);
    CHECK(std::regex_match(m.variant, shape));
    variants.insert(m.variant);
  }
  CHECK(bases == 1);
  CHECK(variants.size() == 4092);  // all distinct
  CHECK(variants.count("between_method_0.block_size_x_32.tile_size_1.use_method_0") == 1);
  CHECK(variants.count("between_method_3.block_size_x_992.tile_size_20.use_method_2") == 1);
  CHECK(variants.count("between_method_1.block_size_x_64.tile_size_2.use_method_1") == 1);
}

TEST_CASE("import of the RTX 3090 pnpoly cache: times in seconds, median of `times`", "[import]") {
  const KernelTunerImport& imported = pnpoly();

  SECTION("a successful configuration") {
    // "0,32,1,0": time 43.55386238098144 ms, ten samples.
    const Measurement* m = find_variant(imported, "between_method_0.block_size_x_32.tile_size_1.use_method_0");
    REQUIRE(m != nullptr);
    CHECK(m->status == Status::ok);
    CHECK(m->reason.empty());
    CHECK(m->statistics.count == 10);
    // Sorted samples: the 5th and 6th are 43.619327545166016 and 43.621246337890625 ms.
    CHECK(m->statistics.median == Approx((43.619327545166016 + 43.621246337890625) / 2 / 1000).epsilon(1e-12));
    // The mean is Kernel Tuner's own `time`.
    CHECK(m->statistics.mean == Approx(43.55386238098144 / 1000).epsilon(1e-12));
    CHECK(m->statistics.min == Approx(43.28633499145508 / 1000).epsilon(1e-12));
    CHECK(m->statistics.max == Approx(43.627521514892578 / 1000).epsilon(1e-12));
    CHECK(m->statistics.stddev == Approx(0.0001392171922955338).epsilon(1e-6));
    CHECK_FALSE(m->bytes_per_second.has_value());
  }
  SECTION("a runtime failure") {
    const Measurement* m = find_variant(imported, "between_method_0.block_size_x_544.tile_size_20.use_method_1");
    REQUIRE(m != nullptr);
    CHECK(m->status == Status::run_failed);
    CHECK(m->reason == "RuntimeFailedConfig");
    CHECK(m->statistics.count == 0);
  }
  SECTION("every successful time is a plausible number of seconds") {
    for (const auto& m : imported.measurements) {
      if (m.status != Status::ok) continue;
      INFO(m.variant);
      CHECK(m.statistics.min > 1e-4);  // pnpoly on 2e7 points takes milliseconds, not microseconds
      CHECK(m.statistics.max < 1.0);
      CHECK(m.statistics.min <= m.statistics.median);
      CHECK(m.statistics.median <= m.statistics.max);
    }
  }
}

TEST_CASE("import of the RTX 3090 pnpoly cache: the default base is the file's first successful entry", "[import]") {
  // The file lists "0,32,1,0" first (line 72), and it succeeded. Sorted by key, "0,128,1,0" would
  // come first instead; the file's order is what counts.
  const KernelTunerImport& imported = pnpoly();
  CHECK(imported.base_configuration == "0,32,1,0");
  const Measurement* first = find_variant(imported, "between_method_0.block_size_x_32.tile_size_1.use_method_0");
  REQUIRE(first != nullptr);
  const Measurement& base = base_of(imported);
  check_same_result(base, *first);
}

TEST_CASE("import of the RTX 3090 pnpoly cache: the base copy and --base", "[import]") {
  SECTION("the default base is a copy of a successful configuration, stored last") {
    const KernelTunerImport& imported = pnpoly();
    REQUIRE_FALSE(imported.base_configuration.empty());
    CHECK(imported.measurements.back().variant == "base");
    const Measurement& base = base_of(imported);
    CHECK(base.status == Status::ok);
    // base_configuration names the copied entry: "a,b,c,d" -> between_method_a.block_size_x_b...
    const std::regex key(R"((\d+),(\d+),(\d+),(\d+))");
    std::smatch parts;
    REQUIRE(std::regex_match(imported.base_configuration, parts, key));
    const std::string variant = "between_method_" + parts[1].str() + ".block_size_x_" + parts[2].str() + ".tile_size_" +
                                parts[3].str() + ".use_method_" + parts[4].str();
    const Measurement* copied = find_variant(imported, variant);
    REQUIRE(copied != nullptr);
    check_same_result(base, *copied);
  }
  SECTION("--base chooses the configuration") {
    const auto imported = import_kernel_tuner(kPnpolyLandscape, std::string("1,64,2,1"));
    CHECK(imported.base_configuration == "1,64,2,1");
    REQUIRE(imported.measurements.size() == 4093);
    const Measurement& base = base_of(imported);
    const Measurement* chosen = find_variant(imported, "between_method_1.block_size_x_64.tile_size_2.use_method_1");
    REQUIRE(chosen != nullptr);
    check_same_result(base, *chosen);
    CHECK(base.statistics.median == Approx((24.936447143554688 + 24.9487361907959) / 2 / 1000).epsilon(1e-12));
    CHECK(base.statistics.mean == Approx(24.787353515625 / 1000).epsilon(1e-12));
  }
  SECTION("--base naming a failed configuration") {
    expect_import_fails(kPnpolyLandscape, 631, "failed", std::string("0,544,20,1"));
  }
  SECTION("--base naming no configuration") {
    expect_import_fails(kPnpolyLandscape, 0, "'9,9,9,9'", std::string("9,9,9,9"));
  }
}

// ----- small files -------------------------------------------------------------------------------

TEST_CASE("import of a plain JSON cache, with every failure convention", "[import]") {
  TempDir dir("plain");
  const std::string path = dir.write("small.json", kSmallCache);
  const auto imported = import_kernel_tuner(path, std::nullopt);
  REQUIRE(imported.measurements.size() == 6 + 1);
  CHECK(imported.space.size == "6");
  CHECK(imported.space.benchmark == "kernel_tuner.vector_add");
  CHECK(imported.space.ranges == "block_size_x\ntile\n");

  const auto get = [&](const std::string& variant) -> const Measurement& {
    const Measurement* m = find_variant(imported, variant);
    INFO(variant);
    REQUIRE(m != nullptr);
    return *m;
  };
  // 0.5 is written 0p5: '.' separates parameters.
  const Measurement& compile_failed = get("block_size_x_32.tile_0p5");
  CHECK(compile_failed.status == Status::build_failed);
  CHECK(compile_failed.reason == "CompilationFailedConfig");

  const Measurement& old_failure = get("block_size_x_64.tile_0p5");
  CHECK(old_failure.status == Status::run_failed);
  CHECK(old_failure.statistics.count == 0);

  CHECK(get("block_size_x_96.tile_1").status == Status::skipped);
  CHECK(get("block_size_x_96.tile_0p5").status == Status::run_failed);

  const Measurement& sampled = get("block_size_x_32.tile_1");
  CHECK(sampled.status == Status::ok);
  CHECK(sampled.statistics.count == 4);
  CHECK(sampled.statistics.median == Approx(1.75e-3).epsilon(1e-12));  // median of 1, 1.5, 2, 3 ms
  CHECK(sampled.statistics.mean == Approx(1.5e-3).epsilon(1e-12));     // Kernel Tuner's `time`
  CHECK(sampled.statistics.min == Approx(1.0e-3).epsilon(1e-12));
  CHECK(sampled.statistics.max == Approx(3.0e-3).epsilon(1e-12));

  // Without `times`, `time` is the one sample.
  const Measurement& single = get("block_size_x_64.tile_1");
  CHECK(single.status == Status::ok);
  CHECK(single.statistics.count == 1);
  CHECK(single.statistics.median == Approx(2.0e-3).epsilon(1e-12));
  CHECK(single.statistics.mean == Approx(2.0e-3).epsilon(1e-12));

  CHECK(single.device.name == "Test GPU");
  CHECK(single.rt_workload == "problem_size=1024x2");
  CHECK(single.algorithm == "vector_add");

  // The first successful configuration in the file.
  CHECK(imported.base_configuration == "32,1");
  check_same_result(base_of(imported), sampled);
}

TEST_CASE("import: gzipped and plain files give the same measurements", "[import]") {
  TempDir dir("gzip");
  const std::string plain_path = dir.write("cache.json", kSmallCache);
  const std::string gzip_path = dir.write_gzip("cache.json.gz", kSmallCache);
  // A gzipped file is recognised by its content, not by its name.
  const std::string gzip_unnamed = dir.write_gzip("cache.json.bin", kSmallCache);
  const auto plain = import_kernel_tuner(plain_path, std::nullopt);
  for (const auto& path : {gzip_path, gzip_unnamed}) {
    INFO(path);
    const auto gzipped = import_kernel_tuner(path, std::nullopt);
    REQUIRE(gzipped.measurements.size() == plain.measurements.size());
    for (std::size_t i = 0; i < plain.measurements.size(); ++i) {
      CHECK(gzipped.measurements[i].variant == plain.measurements[i].variant);
      check_same_result(gzipped.measurements[i], plain.measurements[i]);
    }
    CHECK(gzipped.base_configuration == plain.base_configuration);
    CHECK(gzipped.space.source_hash == plain.space.source_hash);
    CHECK(gzipped.space.size == plain.space.size);
  }
}

TEST_CASE("import: the default base follows the file's order, not the keys' order", "[import]") {
  TempDir dir("order");
  // "64,1" comes first in the file although "32,1" sorts first.
  const std::string text = R"json({
"kernel_name": "vector_add",
"tune_params_keys": ["block_size_x", "tile"], "tune_params": {"block_size_x": [32, 64], "tile": [1]},
"cache": {
"64,1": {"block_size_x": 64, "tile": 1, "time": 2.0},
"32,1": {"block_size_x": 32, "tile": 1, "time": 1.0}
}
}
)json";
  const auto imported = import_kernel_tuner(dir.write("order.json", text), std::nullopt);
  CHECK(imported.base_configuration == "64,1");
  CHECK(base_of(imported).statistics.median == Approx(2.0e-3));
  // A file without device_name or problem_size is still imported.
  CHECK(imported.measurements.front().device.name == "unnamed device");
  CHECK(imported.measurements.front().rt_workload.empty());
}

TEST_CASE("import: --base on a small file", "[import]") {
  TempDir dir("base");
  const std::string path = dir.write("small.json", kSmallCache);
  SECTION("a successful configuration") {
    const auto imported = import_kernel_tuner(path, std::string("64,1"));
    CHECK(imported.base_configuration == "64,1");
    CHECK(base_of(imported).statistics.median == Approx(2.0e-3));
    CHECK(imported.measurements.back().variant == "base");
  }
  SECTION("a configuration that failed the old way (time 1e20)") {
    expect_import_fails(path, 10, "'64,0.5' failed", std::string("64,0.5"));
  }
  SECTION("a configuration that failed to compile") {
    expect_import_fails(path, 8, "CompilationFailedConfig", std::string("32,0.5"));
  }
  SECTION("a key that is not in the cache") {
    expect_import_fails(path, 0, "no configuration '1,2'", std::string("1,2"));
  }
}

TEST_CASE("import: malformed caches are user errors at the right file and line", "[import]") {
  TempDir dir("malformed");

  SECTION("truncated JSON") {
    const std::size_t cut = kSmallCache.find("\"time\": 1.5");
    REQUIRE(cut != std::string::npos);
    const std::string path = dir.write("truncated.json", kSmallCache.substr(0, cut + 5));
    expect_import_fails(path, 9, "not valid JSON");
  }
  SECTION("a syntax error in the middle") {
    const std::string path =
        dir.write("syntax.json", replace_line(kSmallCache, R"("time": 1e20},)", R"("time": 1e20,,},)"));
    expect_import_fails(path, 10, "not valid JSON");
  }
  SECTION("no parameters: every configuration would be one variant with an empty name") {
    const std::string path =
        dir.write("no_parameters.json", replace_line(kSmallCache, R"(["block_size_x", "tile"])", "[]"));
    expect_import_fails(path, 5, "tune_params_keys is empty");
  }
  SECTION("a sample time that is negative, zero or overflows") {
    const std::string negative = replace_line(kSmallCache, "[1.0, 2.0, 1.5, 3.0]", "[1.0, -2.0, 1.5, 3.0]");
    expect_import_fails(dir.write("negative.json", negative), 9, "non-positive sample in 'times': -2.0");
    const std::string zero = replace_line(kSmallCache, "[1.0, 2.0, 1.5, 3.0]", "[1.0, 0, 1.5, 3.0]");
    expect_import_fails(dir.write("zero.json", zero), 9, "non-positive sample");
    const std::string overflow = replace_line(kSmallCache, "[1.0, 2.0, 1.5, 3.0]", "[1.0, 2e400, 1.5, 3.0]");
    CHECK_THROWS_WITH(import_kernel_tuner(dir.write("overflow.json", overflow), std::nullopt),
                      Catch::Contains("not valid JSON"));
  }
  SECTION("a time that is negative") {
    const std::string path =
        dir.write("negative_time.json", replace_line(kSmallCache, R"("time": 2.0})", R"("time": -2.0})"));
    expect_import_fails(path, 11, "non-positive time");
  }
  SECTION("an empty file") {
    const std::string path = dir.write("empty.json", "");
    CHECK_THROWS_AS(import_kernel_tuner(path, std::nullopt), UserError);
  }
  SECTION("a document that is not an object") {
    const std::string path = dir.write("array.json", "[1, 2, 3]\n");
    CHECK_THROWS_AS(import_kernel_tuner(path, std::nullopt), UserError);
  }
  SECTION("missing cache") {
    const std::string text = R"json({
"kernel_name": "vector_add",
"tune_params_keys": ["block_size_x"]
}
)json";
    const std::string path = dir.write("no_cache.json", text);
    try {
      (void)import_kernel_tuner(path, std::nullopt);
      FAIL("no error");
    } catch (const UserError& error) {
      CHECK(error.file() == path);
      CHECK_THAT(error.message(), Catch::Matchers::Contains("'cache'"));
    }
  }
  SECTION("cache that is not an object") {
    const std::string path =
        dir.write("cache_array.json", replace_line(kSmallCache, R"("cache": {)", R"("cache": 7, "x": {)"));
    expect_import_fails(path, 7, "'cache'");
  }
  SECTION("missing tune_params_keys") {
    const std::string path =
        dir.write("no_keys.json", replace_line(kSmallCache, R"("tune_params_keys": ["block_size_x", "tile"],)", ""));
    try {
      (void)import_kernel_tuner(path, std::nullopt);
      FAIL("no error");
    } catch (const UserError& error) {
      CHECK(error.file() == path);
      CHECK_THAT(error.message(), Catch::Matchers::Contains("tune_params_keys"));
    }
  }
  SECTION("missing kernel_name") {
    const std::string path =
        dir.write("no_kernel.json", replace_line(kSmallCache, R"("kernel_name": "vector_add",)", ""));
    CHECK_THROWS_AS(import_kernel_tuner(path, std::nullopt), UserError);
  }
  SECTION("a parameter name that is not an identifier") {
    const std::string path = dir.write(
        "bad_key.json", replace_line(kSmallCache, R"(["block_size_x", "tile"])", R"(["block size", "tile"])"));
    expect_import_fails(path, 5, "not a parameter name");
  }
  SECTION("an entry lacking a parameter") {
    const std::string path =
        dir.write("lacking.json", replace_line(kSmallCache, R"({"block_size_x": 64, "tile": 1, "time": 2.0})",
                                               R"({"block_size_x": 64, "time": 2.0})"));
    expect_import_fails(path, 11, "lacks parameter 'tile'");
  }
  SECTION("an entry without time") {
    const std::string path =
        dir.write("no_time.json", replace_line(kSmallCache, R"({"block_size_x": 64, "tile": 1, "time": 2.0})",
                                               R"({"block_size_x": 64, "tile": 1})"));
    expect_import_fails(path, 11, "no 'time'");
  }
  SECTION("an entry that is not an object") {
    const std::string path = dir.write(
        "entry_array.json", replace_line(kSmallCache, R"({"block_size_x": 64, "tile": 1, "time": 2.0})", "[64, 1]"));
    expect_import_fails(path, 11, "not an object");
  }
  SECTION("a time that is an object") {
    const std::string path =
        dir.write("time_object.json", replace_line(kSmallCache, R"("time": 2.0})", R"("time": {"ms": 2.0}})"));
    expect_import_fails(path, 11, "'time'");
  }
  SECTION("a non-numeric sample in times") {
    const std::string path = dir.write(
        "bad_sample.json", replace_line(kSmallCache, R"([1.0, 2.0, 1.5, 3.0])", R"([1.0, "fast", 1.5, 3.0])"));
    expect_import_fails(path, 9, "non-numeric sample");
  }
  SECTION("a time of zero") {
    const std::string path = dir.write("zero.json", replace_line(kSmallCache, R"("time": 2.0})", R"("time": 0})"));
    expect_import_fails(path, 11, "non-positive");
  }
  SECTION("no successful configuration") {
    const std::string text = R"json({
"kernel_name": "vector_add",
"tune_params_keys": ["block_size_x"], "tune_params": {"block_size_x": [32, 64]},
"cache": {
"32": {"block_size_x": 32, "time": "RuntimeFailedConfig"},
"64": {"block_size_x": 64, "time": 1e20}
}
}
)json";
    expect_import_fails(dir.write("all_failed.json", text), 0, "no successful configuration");
  }
  SECTION("a file that does not exist") {
    const std::string path = dir.file("missing.json.gz");
    expect_import_fails(path, 0, "no such file");
  }
  SECTION("a directory") {
    const std::string path = dir.file("");
    CHECK_THROWS_AS(import_kernel_tuner(path, std::nullopt), UserError);
  }
  SECTION("the truncated fixture") {
    try {
      (void)import_kernel_tuner(POLICYTUNE_TEST_DATA "/kernel_tuner/truncated.json", std::nullopt);
      FAIL("no error");
    } catch (const UserError& error) {
      CHECK(error.line() > 0);
      CHECK_THAT(error.message(), Catch::Matchers::Contains("not valid JSON"));
    }
  }
}

TEST_CASE("import: errors point at the entry, even when its key also appears earlier", "[import]") {
  // One string-valued parameter: the cache keys are the values themselves, so "slow" also appears
  // in tune_params (line 4) before its cache entry (line 7).
  TempDir dir("string_keys");
  const std::string text = R"json({
"kernel_name": "copy",
"tune_params_keys": ["method"],
"tune_params": {"method": ["fast", "slow"]},
"cache": {
"fast": {"method": "fast", "time": 1.0},
"slow": {"method": "slow", "time": {"ms": 2.0}}
}
}
)json";
  const std::string path = dir.write("string_keys.json", text);
  expect_import_fails(path, 7, "'slow'");
}

TEST_CASE("import: each entry is the configuration its key says, once, under a variant name of its own", "[import]") {
  // Every case here stored fewer rows than the import reported: two entries became one key.
  TempDir dir("configurations");
  SECTION("a key whose values say another configuration") {
    const std::string path = dir.write("other_key.json", replace_line(kSmallCache, R"("64,1": {"block_size_x": 64)",
                                                                      R"("64,0.25": {"block_size_x": 64)"));
    expect_import_fails(path, 11, "keyed as another configuration");
  }
  SECTION("a key with too few values") {
    const std::string path = dir.write(
        "short_key.json", replace_line(kSmallCache, R"("64,1": {"block_size_x": 64)", R"("64": {"block_size_x": 64)"));
    expect_import_fails(path, 11, "keyed as another configuration");
  }
  SECTION("a key with too many values") {
    const std::string path = dir.write("long_key.json", replace_line(kSmallCache, R"("64,1": {"block_size_x": 64)",
                                                                     R"("64,1,1": {"block_size_x": 64)"));
    expect_import_fails(path, 11, "keyed as another configuration");
  }
  SECTION("a value tune_params does not list") {
    const std::string path = dir.write("outside.json", replace_line(kSmallCache, R"("64,1": {"block_size_x": 64)",
                                                                    R"("128,1": {"block_size_x": 128)"));
    expect_import_fails(path, 11, "block_size_x = 128, which tune_params does not list");
  }
  SECTION("no tune_params at all") {
    const std::string path =
        dir.write("no_params.json",
                  replace_line(kSmallCache, R"("tune_params": {"block_size_x": [32, 64, 96], "tile": [0.5, 1]},)", ""));
    expect_import_fails(path, 0, "tune_params");
  }
  SECTION("values whose names collide once made a variant name: 'a,b' and 'a_b', 'ü' and 'ö'") {
    for (const auto& [first, second] : {std::pair<std::string, std::string>{"a,b", "a_b"}, {"ü", "ö"}}) {
      const std::string text =
          "{\n\"kernel_name\": \"copy\",\n\"tune_params_keys\": [\"method\"],\n"
          "\"tune_params\": {\"method\": [\"" +
          first + "\", \"" + second +
          "\"]},\n"
          "\"cache\": {\n"
          "\"" +
          first + "\": {\"method\": \"" + first +
          "\", \"time\": 1.0},\n"
          "\"" +
          second + "\": {\"method\": \"" + second + "\", \"time\": 2.0}\n}\n}\n";
      INFO(first << " and " << second);
      expect_import_fails(dir.write("collide.json", text), 7, "both become variant");
    }
  }
  SECTION("one configuration under two keys") {
    // The second key spells the same values another way (1.0 for 1): the same configuration again.
    const std::string path =
        dir.write("twice.json", replace_line(kSmallCache, R"("96,1": {"block_size_x": 96, "tile": 1)",
                                             R"("64,1.0": {"block_size_x": 64, "tile": 1)"));
    expect_import_fails(path, 12, "configuration of entry '64,1' again");
  }
  SECTION("keys as Kernel Tuner writes them: floats, booleans, strings with commas") {
    const std::string text = R"json({
"kernel_name": "k",
"tune_params_keys": ["scale", "fast", "label"],
"tune_params": {"scale": [1.0, 0.25], "fast": [true, false], "label": ["x,y", "z"]},
"cache": {
"1.0,True,x,y": {"scale": 1.0, "fast": true, "label": "x,y", "time": 1.0},
"0.25,False,z": {"scale": 0.25, "fast": false, "label": "z", "time": 2.0}
}
}
)json";
    const auto imported = import_kernel_tuner(dir.write("python_keys.json", text), std::nullopt);
    CHECK(imported.measurements.size() == 3);
  }
}
