// Real compiles of the tiny host benchmark: batched and one by one.
#include "run/variant_builder.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <set>

#include "run/compiler.hpp"
#include "search/search_progress.hpp"
#include "space/benchmark_source.hpp"
#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;

namespace {

struct TinyBuilder {
  testing::TemporaryDirectory directory{"variant-builder"};
  std::FILE* log = std::tmpfile();
  SearchProgress progress{log, ProgressStyle::lines};
  BenchmarkSource source = read_benchmark_source(testing::kTinyBenchmark);
  RunOptions options;
  CompileTimeWorkload workload{"T{ct}=I32", {{"TUNE_T", "int"}}, {{"T{ct}", "I32"}}};

  explicit TinyBuilder(std::size_t batch_size) {
    options.compiler.include_directories = {default_harness_directory()};
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
