// A compile pool's manifest: written and read back whole, refused when damaged, never naming a
// file outside the pool, and refusing to mix builds of another setup.
#include "run/compile_pool.hpp"

#include <catch2/catch.hpp>

#include <fstream>

#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;
namespace fs = std::filesystem;

namespace {

void write_file(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

PoolBuildSetup a_setup() {
  PoolBuildSetup setup;
  setup.policytune_version = "1.0";
  setup.machine = "x86_64";
  setup.cuda_architectures = {"90"};
  setup.host_compiler = "c++";
  setup.host_compiler_version = "c++ (Debian 12.2.0-14) 12.2.0";
  setup.cuda_compiler = "nvcc";
  setup.cuda_compiler_version = "Cuda compilation tools, release 13.0, V13.0.88";
  return setup;
}

// A pool of one benchmark: base, a batch of two variants, one alone and a failure.
CompilePool a_pool(const fs::path& folder) {
  CompilePool pool = CompilePool::open_for_building(folder, a_setup());
  write_file(folder / "t.sum/h/base", "base binary");
  write_file(folder / "t.sum/h/w/1", "batch");
  write_file(folder / "t.sum/h/w/2", "alone");
  PooledBenchmark& benchmark = pool.benchmark_for_update("t.sum");
  benchmark.source = "bench/t/sum.cpp";
  benchmark.source_hash = "h";
  benchmark.base = "t.sum/h/base";
  benchmark.base_build_seconds = 1.5;
  PooledWorkload& workload = benchmark.workload_for_update("T{ct}=I32");
  workload.binaries.push_back({"t.sum/h/w/1", {"a_1", "a_2"}, true});
  workload.binaries.push_back({"t.sum/h/w/2", {"a_3"}, false});
  workload.failures.push_back({"a_4", Status::build_failed, "error: no"});
  return pool;
}

}  // namespace

TEST_CASE("a pool's manifest reads back as written", "[compile_pool]") {
  const testing::TemporaryDirectory dir("pool");
  const CompilePool written = a_pool(dir.path());
  written.save();
  const CompilePool read = CompilePool::open(dir.path());
  CHECK(read.setup() == a_setup());
  REQUIRE(read.benchmark("t.sum") != nullptr);
  const PooledBenchmark& benchmark = *read.benchmark("t.sum");
  CHECK(benchmark.source_hash == "h");
  CHECK(benchmark.base_build_seconds == 1.5);
  const PooledWorkload* workload = benchmark.workload("T{ct}=I32");
  REQUIRE(workload != nullptr);
  CHECK(workload->variant_count() == 4);
  CHECK(workload->holds("a_2"));
  CHECK(workload->holds("a_4"));  // a failure is held: its verdict travels
  CHECK_FALSE(workload->holds("a_5"));
  CHECK(workload->failures.front().status == Status::build_failed);
  CHECK(workload->binaries.front().batched);
  CHECK(read.bytes() == std::string("base binary").size() + 5 + 5);
  CHECK(benchmark.workload("T{ct}=F32") == nullptr);
}

TEST_CASE("a pool built otherwise is not added to", "[compile_pool]") {
  const testing::TemporaryDirectory dir("pool");
  a_pool(dir.path()).save();
  CHECK_NOTHROW(CompilePool::open_for_building(dir.path(), a_setup()));
  PoolBuildSetup other = a_setup();
  other.cuda_architectures = {"80"};
  CHECK_THROWS_WITH(CompilePool::open_for_building(dir.path(), other),
                    Catch::Contains("this pool was built with") && Catch::Contains("name another folder"));
}

TEST_CASE("dropping a benchmark removes its binaries", "[compile_pool]") {
  const testing::TemporaryDirectory dir("pool");
  CompilePool pool = a_pool(dir.path());
  CHECK(pool.drop("t.sum") == std::string("base binary").size() + 10);
  CHECK(pool.benchmark("t.sum") == nullptr);
  CHECK_FALSE(fs::exists(dir.path() / "t.sum/h/w/1"));
  CHECK(pool.drop("t.sum") == 0);
}

TEST_CASE("a damaged pool is refused naming pool.json", "[compile_pool]") {
  const testing::TemporaryDirectory dir("pool");
  CHECK_THROWS_WITH(CompilePool::open(dir.path()), Catch::Contains("pool.json") && Catch::Contains("no compile pool"));
  a_pool(dir.path()).save();
  const fs::path manifest = dir.path() / "pool.json";
  std::string text;
  {
    std::ifstream in(manifest);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const auto refused_with = [&](const std::string& from, const std::string& to, const std::string& why) {
    std::string damaged = text;
    const auto at = damaged.find(from);
    REQUIRE(at != std::string::npos);
    damaged.replace(at, from.size(), to);
    std::ofstream(manifest) << damaged;
    CHECK_THROWS_AS(CompilePool::open(dir.path()), UserError);
    CHECK_THROWS_WITH(CompilePool::open(dir.path()), Catch::Contains("pool.json") && Catch::Contains(why));
  };
  refused_with("\"t.sum/h/w/2\"", "\"../../etc/passwd\"", "no path inside the pool");
  refused_with("\"t.sum/h/w/2\"", "\"/bin/true\"", "no path inside the pool");
  refused_with("\"t.sum/h/w/2\"", "\"t.sum/h/w/9\"", "missing from the pool");
  refused_with("\"build_failed\"", "\"ok\"", "no failing status");
  refused_with("\"policytune-pool 1\"", "\"policytune-pool 2\"", "format");
  refused_with("\"base_build_seconds\"", "\"base_build_second\"", "not a pool manifest");
  refused_with("{", "[", "pool.json");
}
