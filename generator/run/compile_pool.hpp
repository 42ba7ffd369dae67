#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/measurement.hpp"

namespace policytune {

// What a pool's binaries were built with and for. Names and versions only, never a path of the
// machine that built them: the pool travels to a machine that has no compiler.
struct PoolBuildSetup {
  std::string policytune_version;  // the harness headers come with it, and its protocol
  std::string machine;             // the processor the binaries run on: uname's "x86_64"
  std::vector<std::string> cuda_architectures;
  std::string host_compiler;  // as named (--cxx), and what it said it is (--version); "" if unknown
  std::string host_compiler_version;
  std::string cuda_compiler;  // as named (--nvcc), and what it said it is
  std::string cuda_compiler_version;
  std::vector<std::string> extra_flags;

  bool operator==(const PoolBuildSetup&) const = default;
};

// One binary of a pool: a file under the pool's folder and the variants it holds (several in a
// batch, selected with --variant; one built alone is run as it is).
struct PooledBinary {
  std::string file;  // relative to the pool's folder
  std::vector<std::string> variants;
  bool batched = false;
};

// A variant that did not build: its verdict travels, so that the measuring run books it as a
// search would, without building it again.
struct PooledFailure {
  std::string variant;
  Status status = Status::build_failed;
  std::string reason;
};

struct PooledWorkload {
  std::string name;  // the compile-time workload: "T{ct}=I32"
  std::vector<PooledBinary> binaries;
  std::vector<PooledFailure> failures;

  std::size_t variant_count() const;
  bool holds(const std::string& variant) const;
  const PooledBinary* binary_of(const std::string& variant) const;    // null where it did not build
  const PooledFailure* failure_of(const std::string& variant) const;  // null where it built
};

struct PooledBenchmark {
  std::string name;         // "reduce.sum"
  std::string source;       // the source as named where the pool was built, for messages
  std::string source_hash;  // of its text: a pool serves that very text only
  std::string base;         // base's binary, relative to the pool's folder
  double base_build_seconds = 0;
  std::vector<PooledWorkload> workloads;

  const PooledWorkload* workload(const std::string& name) const;
  PooledWorkload& workload_for_update(const std::string& name);  // added when missing
};

// A compile pool: the binaries of base and variants of benchmarks, built where compilers are
// cheap (`policytune pool`) into a folder that travels, and measured where the GPU is, by a search
// that compiles nothing (`policytune search --pool`). The folder holds `pool.json` (this manifest)
// and the binaries under paths relative to it.
class CompilePool {
public:
  static constexpr const char* kManifestName = "pool.json";

  // Reads the manifest of the pool in `folder`. Throws UserError naming pool.json (and the line)
  // when there is none, or it is damaged, or a binary it names is missing.
  static CompilePool open(const std::filesystem::path& folder);

  // The pool in `folder` to add to: the existing one, which must have been built with `setup`
  // (UserError naming the difference otherwise), or a new empty one when the folder holds none.
  static CompilePool open_for_building(const std::filesystem::path& folder, const PoolBuildSetup& setup);

  const std::filesystem::path& folder() const noexcept { return folder_; }
  const PoolBuildSetup& setup() const noexcept { return setup_; }
  const std::vector<PooledBenchmark>& benchmarks() const noexcept { return benchmarks_; }

  const PooledBenchmark* benchmark(const std::string& name) const;
  PooledBenchmark& benchmark_for_update(const std::string& name);  // added when missing

  // Removes a benchmark's binaries and entry (a pool of an older version of its source); returns
  // the bytes that went.
  std::uintmax_t drop(const std::string& name);

  // The bytes of every binary the manifest names.
  std::uintmax_t bytes() const;

  // Writes pool.json under a scratch name and renames it into place. EnvironmentError on a full disk.
  void save() const;

private:
  explicit CompilePool(std::filesystem::path folder) : folder_(std::move(folder)) {}

  std::filesystem::path folder_;
  PoolBuildSetup setup_;
  std::vector<PooledBenchmark> benchmarks_;
};

// "12.3 MiB"
std::string describe_bytes(std::uintmax_t bytes);

}  // namespace policytune
