// Real compiles of the tiny host benchmark: batched and one by one.
#include "run/variant_builder.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <set>

#include "core/environment_error.hpp"

#include "run/compiler.hpp"
#include "run/stream_run_log.hpp"
#include "space/benchmark_source.hpp"
#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;

namespace {

struct TinyBuilder {
  testing::TemporaryDirectory directory{"variant-builder"};
  std::FILE* log = std::tmpfile();
  StreamRunLog progress{log, ProgressStyle::lines};
  BenchmarkSource source = read_benchmark_source(testing::kTinyBenchmark);
  RunOptions options;
  CompileTimeWorkload workload{"T{ct}=I32", {{"TUNE_T", "int"}}, {{"T{ct}", "I32"}}};

  explicit TinyBuilder(std::size_t batch_size) {
    options.compiler.include_directories = default_include_directories();
    options.batch_size = batch_size;
  }
  ~TinyBuilder() { std::fclose(log); }

  VariantBuilder builder() {
    return VariantBuilder(options, progress, source.path, source.text, source.space, "tiny.sum",
                          directory.file("build"), 2);
  }
  std::vector<std::pair<std::string, Variant>> variants(std::initializer_list<std::int64_t> unrolls) const {
    std::vector<std::pair<std::string, Variant>> chosen;
    for (const auto unroll : unrolls) {
      const Variant variant = source.space.variant_at(BigCount(static_cast<std::uint64_t>(unroll - 1)));
      chosen.emplace_back(source.space.name_of(variant), variant);
    }
    return chosen;
  }
};

}  // namespace

TEST_CASE("a batch of variants shares one binary, each selected by name", "[variant_builder][batch]") {
  TinyBuilder tiny(3);
  VariantBuilder builder = tiny.builder();
  CHECK(builder.round_size() == 2 * 3);  // jobs times the batch size
  const auto builds = builder.build(tiny.variants({1, 2, 3}), tiny.workload, std::chrono::seconds(30));
  REQUIRE(builds.size() == 3);
  std::set<std::string> binaries;
  for (std::size_t i = 0; i < builds.size(); ++i) {
    CHECK(builds[i].status == Status::ok);
    CHECK(builds[i].variant == "unroll_" + std::to_string(i + 1));
    CHECK(builds[i].selection == std::vector<std::string>{"--variant", builds[i].variant});
    binaries.insert(builds[i].binary);
  }
  CHECK(binaries.size() == 1);
}

TEST_CASE("one variant per binary: the source itself, nothing to select", "[variant_builder][batch]") {
  TinyBuilder tiny(1);
  VariantBuilder builder = tiny.builder();
  const auto builds = builder.build(tiny.variants({4, 5}), tiny.workload, std::chrono::seconds(30));
  REQUIRE(builds.size() == 2);
  CHECK(builds[0].status == Status::ok);
  CHECK(builds[0].selection.empty());
  CHECK(builds[0].binary != builds[1].binary);
}

TEST_CASE("a build the machine failed (a full disk, memory that ran out) is no verdict: exit 74, nothing built",
          "[variant_builder][machine_fault]") {
  // A compiler that fails as ld does on a full disk, or as gcc does when the kernel killed cc1plus.
  const auto failing_as = [](TinyBuilder& tiny, const std::string& words) {
    const std::string compiler = tiny.directory.file("c++");
    std::FILE* script = std::fopen(compiler.c_str(), "w");
    REQUIRE(script != nullptr);
    std::fprintf(script, "#!/bin/sh\necho '%s' >&2\necho 'collect2: error: ld returned 1 exit status' >&2\nexit 1\n",
                 words.c_str());
    std::fclose(script);
    std::filesystem::permissions(compiler, std::filesystem::perms::owner_all);
    tiny.options.compiler.host_compiler = compiler;
  };
  for (const std::size_t batch : {std::size_t{1}, std::size_t{2}}) {  // alone, and a batch before any split
    INFO("batch size " << batch);
    TinyBuilder tiny(batch);
    failing_as(tiny, "/usr/bin/ld: final link failed: No space left on device");
    VariantBuilder builder = tiny.builder();
    CHECK_THROWS_MATCHES(
        builder.build(tiny.variants({1, 2}), tiny.workload, std::chrono::seconds(30)), EnvironmentError,
        Catch::Predicate<EnvironmentError>([](const EnvironmentError& error) {
          const std::string what = error.what();
          return what.find("variant-builder") != std::string::npos &&
                 what.find(": building unroll_") != std::string::npos &&
                 what.ends_with(": no space left on the device: free space and run the same command again");
        }));
  }
  TinyBuilder tiny(1);
  failing_as(tiny, "g++: fatal error: Killed signal terminated program cc1plus");
  VariantBuilder builder = tiny.builder();
  CHECK_THROWS_WITH(builder.build(tiny.variants({3}), tiny.workload, std::chrono::seconds(30)),
                    Catch::EndsWith("building unroll_3: the compiler was killed (out of memory): free memory (or "
                                    "lower --jobs) and run the same command again"));
}

TEST_CASE("a compiler's error is stored as one printable line", "[variant_builder][tool_output]") {
  TinyBuilder tiny(1);
  const std::string compiler = tiny.directory.file("c++");
  std::FILE* script = std::fopen(compiler.c_str(), "w");
  REQUIRE(script != nullptr);
  std::fprintf(script, "#!/bin/sh\nprintf 'x.cpp:1: error: \\033[2Jcleared\\r\\n' >&2\nexit 1\n");
  std::fclose(script);
  std::filesystem::permissions(compiler, std::filesystem::perms::owner_all);
  tiny.options.compiler.host_compiler = compiler;
  VariantBuilder builder = tiny.builder();
  const auto builds = builder.build(tiny.variants({1}), tiny.workload, std::chrono::seconds(30));
  REQUIRE(builds.size() == 1);
  CHECK(builds[0].status == Status::build_failed);
  CHECK(builds[0].reason == "x.cpp:1: error: \\x1b[2Jcleared");
}
