#include "run/compile_pool.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/json_document.hpp"
#include "core/user_error.hpp"
#include "run/scratch_file.hpp"

namespace policytune {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// The manifest's format: a reader refuses another rather than misreading it.
constexpr const char* kFormat = "policytune-pool 1";

json to_json(const PoolBuildSetup& setup) {
  return {{"policytune", setup.policytune_version},
          {"machine", setup.machine},
          {"cuda_architectures", setup.cuda_architectures},
          {"host_compiler", setup.host_compiler},
          {"host_compiler_version", setup.host_compiler_version},
          {"cuda_compiler", setup.cuda_compiler},
          {"cuda_compiler_version", setup.cuda_compiler_version},
          {"extra_flags", setup.extra_flags}};
}

PoolBuildSetup setup_of(const json& value) {
  PoolBuildSetup setup;
  setup.policytune_version = value.at("policytune").get<std::string>();
  setup.machine = value.at("machine").get<std::string>();
  setup.cuda_architectures = value.at("cuda_architectures").get<std::vector<std::string>>();
  setup.host_compiler = value.at("host_compiler").get<std::string>();
  setup.host_compiler_version = value.at("host_compiler_version").get<std::string>();
  setup.cuda_compiler = value.at("cuda_compiler").get<std::string>();
  setup.cuda_compiler_version = value.at("cuda_compiler_version").get<std::string>();
  setup.extra_flags = value.at("extra_flags").get<std::vector<std::string>>();
  return setup;
}

json to_json(const PooledWorkload& workload) {
  json binaries = json::array();
  for (const auto& binary : workload.binaries) {
    binaries.push_back({{"file", binary.file}, {"variants", binary.variants}, {"batched", binary.batched}});
  }
  json failures = json::array();
  for (const auto& failure : workload.failures) {
    failures.push_back(
        {{"variant", failure.variant}, {"status", std::string(to_string(failure.status))}, {"reason", failure.reason}});
  }
  return {{"name", workload.name}, {"binaries", std::move(binaries)}, {"failures", std::move(failures)}};
}

// A path the manifest names, which must stay inside the pool: a damaged or hand-edited manifest
// never makes the measuring run execute a file elsewhere.
std::string relative_file(const json& value, const fs::path& folder) {
  auto file = value.get<std::string>();
  const fs::path path(file);
  const bool escapes = std::any_of(path.begin(), path.end(), [](const fs::path& part) { return part == ".."; });
  if (file.empty() || path.is_absolute() || escapes) {
    throw std::invalid_argument("'" + file + "' is no path inside the pool");
  }
  std::error_code error;
  if (!fs::is_regular_file(folder / path, error)) {
    throw std::invalid_argument(file + " is missing from the pool (copied in part?)");
  }
  return file;
}

PooledWorkload workload_of(const json& value, const fs::path& folder) {
  PooledWorkload workload;
  workload.name = value.at("name").get<std::string>();
  for (const auto& binary : value.at("binaries")) {
    workload.binaries.push_back({relative_file(binary.at("file"), folder),
                                 binary.at("variants").get<std::vector<std::string>>(),
                                 binary.at("batched").get<bool>()});
    if (workload.binaries.back().variants.empty()) throw std::invalid_argument("a binary holds no variant");
  }
  for (const auto& failure : value.at("failures")) {
    const auto status = parse_status(failure.at("status").get<std::string>());
    if (!status || *status == Status::ok) throw std::invalid_argument("a failure has no failing status");
    workload.failures.push_back({failure.at("variant").get<std::string>(), *status, failure.at("reason")});
  }
  return workload;
}

}  // namespace

std::size_t PooledWorkload::variant_count() const {
  std::size_t count = failures.size();
  for (const auto& binary : binaries) count += binary.variants.size();
  return count;
}

bool PooledWorkload::holds(const std::string& variant) const {
  return binary_of(variant) != nullptr || failure_of(variant) != nullptr;
}

const PooledBinary* PooledWorkload::binary_of(const std::string& variant) const {
  const auto found = std::find_if(binaries.begin(), binaries.end(), [&](const PooledBinary& binary) {
    return std::find(binary.variants.begin(), binary.variants.end(), variant) != binary.variants.end();
  });
  return found == binaries.end() ? nullptr : &*found;
}

const PooledFailure* PooledWorkload::failure_of(const std::string& variant) const {
  const auto found = std::find_if(failures.begin(), failures.end(),
                                  [&](const PooledFailure& failure) { return failure.variant == variant; });
  return found == failures.end() ? nullptr : &*found;
}

const PooledWorkload* PooledBenchmark::workload(const std::string& name) const {
  const auto found = std::find_if(workloads.begin(), workloads.end(), [&](const auto& w) { return w.name == name; });
  return found == workloads.end() ? nullptr : &*found;
}

PooledWorkload& PooledBenchmark::workload_for_update(const std::string& name) {
  const auto found = std::find_if(workloads.begin(), workloads.end(), [&](const auto& w) { return w.name == name; });
  if (found != workloads.end()) return *found;
  workloads.push_back(PooledWorkload{name, {}, {}});
  return workloads.back();
}

CompilePool CompilePool::open(const fs::path& folder) {
  const fs::path manifest = folder / kManifestName;
  std::error_code error;
  if (!fs::is_regular_file(manifest, error)) {
    throw UserError(manifest.string(), 0, "no compile pool here (policytune pool builds one)");
  }
  const json document = read_json_file(manifest.string());
  CompilePool pool(folder);
  try {
    if (document.at("format").get<std::string>() != kFormat) {
      throw std::invalid_argument("format '" + document.at("format").get<std::string>() + "', not '" + kFormat +
                                  "' (made by another policytune?)");
    }
    pool.setup_ = setup_of(document.at("built_with"));
    for (const auto& value : document.at("benchmarks")) {
      PooledBenchmark benchmark;
      benchmark.name = value.at("name").get<std::string>();
      benchmark.source = value.at("source").get<std::string>();
      benchmark.source_hash = value.at("source_hash").get<std::string>();
      benchmark.base = relative_file(value.at("base"), folder);
      benchmark.base_build_seconds = value.at("base_build_seconds").get<double>();
      for (const auto& workload : value.at("workloads")) benchmark.workloads.push_back(workload_of(workload, folder));
      pool.benchmarks_.push_back(std::move(benchmark));
    }
  } catch (const json::exception& damaged) {
    throw UserError(manifest.string(), 0, std::string("not a pool manifest: ") + damaged.what());
  } catch (const std::invalid_argument& damaged) {
    throw UserError(manifest.string(), 0, std::string("damaged pool: ") + damaged.what());
  }
  return pool;
}

CompilePool CompilePool::open_for_building(const fs::path& folder, const PoolBuildSetup& setup) {
  std::error_code error;
  if (!fs::exists(folder / kManifestName, error)) {
    CompilePool pool(folder);
    pool.setup_ = setup;
    return pool;
  }
  CompilePool pool = open(folder);
  if (!(pool.setup_ == setup)) {
    throw UserError((folder / kManifestName).string(), 0,
                    fmt::format("this pool was built with {}; this command builds with {}: name another folder",
                                to_json(pool.setup_).dump(), to_json(setup).dump()));
  }
  return pool;
}

const PooledBenchmark* CompilePool::benchmark(const std::string& name) const {
  const auto found =
      std::find_if(benchmarks_.begin(), benchmarks_.end(), [&](const auto& b) { return b.name == name; });
  return found == benchmarks_.end() ? nullptr : &*found;
}

PooledBenchmark& CompilePool::benchmark_for_update(const std::string& name) {
  const auto found =
      std::find_if(benchmarks_.begin(), benchmarks_.end(), [&](const auto& b) { return b.name == name; });
  if (found != benchmarks_.end()) return *found;
  benchmarks_.push_back(PooledBenchmark{name, {}, {}, {}, 0, {}});
  return benchmarks_.back();
}

std::uintmax_t CompilePool::drop(const std::string& name) {
  const auto found =
      std::find_if(benchmarks_.begin(), benchmarks_.end(), [&](const auto& b) { return b.name == name; });
  if (found == benchmarks_.end()) return 0;
  std::uintmax_t removed = 0;
  const auto remove = [&](const std::string& file) {
    std::error_code error;
    const auto size = fs::file_size(folder_ / file, error);
    if (!error && fs::remove(folder_ / file, error)) removed += size;
  };
  if (!found->base.empty()) remove(found->base);
  for (const auto& workload : found->workloads) {
    for (const auto& binary : workload.binaries) remove(binary.file);
  }
  benchmarks_.erase(found);
  return removed;
}

std::uintmax_t CompilePool::bytes() const {
  std::uintmax_t total = 0;
  const auto add = [&](const std::string& file) {
    std::error_code error;
    const auto size = fs::file_size(folder_ / file, error);
    if (!error) total += size;
  };
  for (const auto& benchmark : benchmarks_) {
    if (!benchmark.base.empty()) add(benchmark.base);
    for (const auto& workload : benchmark.workloads) {
      for (const auto& binary : workload.binaries) add(binary.file);
    }
  }
  return total;
}

void CompilePool::save() const {
  json benchmarks = json::array();
  for (const auto& benchmark : benchmarks_) {
    json workloads = json::array();
    for (const auto& workload : benchmark.workloads) workloads.push_back(to_json(workload));
    benchmarks.push_back({{"name", benchmark.name},
                          {"source", benchmark.source},
                          {"source_hash", benchmark.source_hash},
                          {"base", benchmark.base},
                          {"base_build_seconds", benchmark.base_build_seconds},
                          {"workloads", std::move(workloads)}});
  }
  const json document{{"format", kFormat}, {"built_with", to_json(setup_)}, {"benchmarks", std::move(benchmarks)}};
  const fs::path scratch = folder_ / scratch_name(kManifestName);
  write_build_file(scratch, document.dump(1) + "\n");
  publish(scratch, folder_ / kManifestName);
}

std::string describe_bytes(std::uintmax_t bytes) {
  return fmt::format("{:.1f} MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
}

}  // namespace policytune
