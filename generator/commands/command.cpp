#include "commands/command.hpp"

#include "commands/option_bounds.hpp"

#include <fmt/format.h>

#include <policytune/protocol/sampling_defaults.hpp>

#include "core/file_kind.hpp"
#include "core/user_error.hpp"
#include "run/compiler.hpp"

namespace policytune {

const std::vector<Command>& all_commands() {
  static const std::vector<Command> commands{
      {"list", "show the search space of benchmark sources and its exact size", setup_list},
      {"search", "build, verify and measure base and variants of benchmarks; store every result", setup_search},
      {"pool",
       "build base and variants of benchmarks into a folder that travels, for `search --pool` to measure on a "
       "machine that compiles nothing (the GPU's)",
       setup_pool},
      {"analyze",
       "rank variants by score (--top), show how much of each space was searched (--coverage), which variants "
       "failed and why (--failures) or whether a size dispatch beats one policy (--dispatch)",
       setup_analyze},
      {"generate", "render the winners of a database into a header-only policy hub", setup_generate},
      {"check", "benchmark CI: measure the shipped policies against base again; non-zero on a regression or drift",
       setup_check},
      {"merge", "combine databases of several machines or shards into --db, without duplicates or loss", setup_merge},
      {"prune", "delete the measurements of benchmark sources edited since (other source hashes than the file's now)",
       setup_prune},
      {"import",
       "bring measurements from other tuners into the database (kernel-tuner FILE.json[.gz], cub cccl_meta_bench.db)",
       setup_import},
      {"replay",
       "run a search strategy against a recorded landscape (Kernel Tuner cache): fraction of the optimum found",
       setup_replay},
      {"report",
       "write one self-contained HTML page with plots of a database: scores, speedups, size dispatch, "
       "coverage, failures, convergence and the hub's architecture links",
       setup_report},
      {"batch",
       "run the command lines a JSON file lists in one process start; print each one's exit code and output "
       "as a line of JSON (stops at the first that fails)",
       setup_batch},
  };
  return commands;
}

void add_database_option(CLI::App& app, std::string& path) {
  path = "policytune.db";
  app.add_option("--db", path, "results database (SQLite)")->capture_default_str();
}

void add_measurement_options(CLI::App& app, MeasurementCommandOptions& options) {
  SearchOptions& s = options.search;
  add_build_options(app, options);
  add_database_option(app, s.database);
  app.add_option("--run-timeout", s.run_timeout, "seconds a variant may run (default: 50x base, at least 10 s)")
      ->check(number_between(0.1, 86400));
  add_sampling_options(app, options);
}

void add_build_options(CLI::App& app, MeasurementCommandOptions& options) {
  SearchOptions& s = options.search;
  app.add_option("-a,--axis", options.axis_specs,
                 "axis filter: 'T{ct}=I32', 'T{ct}=[I32,I64]', 'Elements{io}[pow2]=28'");
  app.add_option("--build-dir", s.build_directory, "where binaries are built")->capture_default_str();
  app.add_option("-j,--jobs", s.jobs, "parallel compiles (default: every core)")->check(count_between(0, 1024));
  app.add_option("--batch-size", s.batch_size,
                 "variants compiled into one binary (default: enough to fill every core, at most 32)")
      ->check(count_between(0, 4096));
  app.add_option("--build-timeout", s.build_timeout, "seconds a variant may compile (default: 10x base, at least 10 s)")
      ->check(number_between(0.1, 86400));
  app.add_option("--cxx", s.compiler.host_compiler, "host C++ compiler")->capture_default_str();
  app.add_option("--nvcc", s.compiler.cuda_compiler, "CUDA compiler")->capture_default_str();
  app.add_option("--cuda-arch", s.compiler.cuda_architectures, "SM architectures to compile CUDA for")
      ->capture_default_str();
  app.add_option("-I,--include", options.include_directories, "extra include directories");
  app.add_option("--compiler-launcher", s.compiler.launcher, "prefix every compile (ccache, sccache, distcc)");
  app.add_option("--build-cache", s.compiler.build_cache,
                 "keep built binaries in this folder and copy them when the same build comes again (also "
                 "$POLICYTUNE_BUILD_CACHE; '' for none)")
      ->envname("POLICYTUNE_BUILD_CACHE");
  app.add_option("--build-cache-size", options.build_cache_mib,
                 "MiB the build cache may hold; the least recently used binaries go past it")
      ->envname("POLICYTUNE_BUILD_CACHE_SIZE")
      ->check(count_between(1, 1 << 30))
      ->capture_default_str();
}

namespace {

// NVBench's --stopping-criterion takes stdrel (its default) or entropy; the harness has stdrel only.
CLI::Validator stopping_criterion_supported() {
  return CLI::Validator(
      [](std::string& name) -> std::string {
        if (name == "stdrel") return {};
        return fmt::format(
            "must be stdrel, the harness's only criterion (NVBench's default: the relative noise, --max-noise), "
            "not '{}'",
            name);
      },
      "stdrel");
}

}  // namespace

void add_sampling_options(CLI::App& app, MeasurementCommandOptions& options) {
  SearchOptions& s = options.search;
  // The harness takes these as they are: they are checked here.
  app.add_option("--min-samples", s.sampling.min_samples, "samples at least this many per state")
      ->check(count_between(1, protocol::max_sample_count))
      ->capture_default_str();  // the harness stops there
  app.add_option("--max-noise", s.sampling.max_noise_percent,
                 "sample until the median's relative noise is below this, in percent as NVBench takes it (0.5: 0.5 %)")
      ->check(number_between(1e-4, 100))
      ->capture_default_str();
  // NVBench's flag, which CUB's tuning documentation recommends with 'entropy': refused rather than
  // ignored, since the harness would sample by another rule than the one asked for.
  const auto accepted = [](const std::string& /*stdrel*/) {};
  app.add_option_function<std::string>("--stopping-criterion", accepted,
                                       "when sampling stops, by NVBench's name: stdrel (the relative noise, "
                                       "--max-noise), the harness's only criterion")
      ->check(stopping_criterion_supported())
      ->default_str("stdrel");
  app.add_option("--max-time", s.sampling.max_time, "seconds of sampling per state at most")
      ->check(number_between(1e-3, 3600))
      ->capture_default_str();
}

SearchOptions MeasurementCommandOptions::resolved() const {
  // Folders made where missing: a file there would fail deep inside a search.
  require_folder_or_missing(search.build_directory, "--build-dir");
  if (!search.compiler.build_cache.empty()) require_folder_or_missing(search.compiler.build_cache, "--build-cache");
  for (const auto& folder : include_directories) require_folder_or_missing(folder, "-I");
  SearchOptions resolved = search;
  resolved.compiler.build_cache_size = std::uintmax_t{build_cache_mib} << 20;
  for (const auto& spec : axis_specs) resolved.filters.push_back(parse_axis_filter(spec));
  resolved.compiler.include_directories = default_include_directories();
  resolved.compiler.include_directories.insert(resolved.compiler.include_directories.end(), include_directories.begin(),
                                               include_directories.end());
  return resolved;
}

void add_dispatch_limit_options(CLI::App& app, DispatchCommandOptions& options) {
  app.add_option("--max-policies", options.max_policies, "with --dispatch: at most this many ranges (default 3)")
      ->check(count_between(1, 64));
  app.add_option("--threshold", options.threshold,
                 "with --dispatch: least relative gain over one policy that keeps a dispatch (default 0.02)")
      ->check(number_between(0, 10));
}

void add_dispatch_options(CLI::App& app, DispatchCommandOptions& options, const std::string& help) {
  app.add_option("--dispatch", options.axis, help);
  add_dispatch_limit_options(app, options);
}

DispatchOptions DispatchCommandOptions::validated() const {
  if (max_policies < 1) throw UserError(fmt::format("--max-policies must be at least 1, not {}", max_policies));
  if (!(threshold >= 0))
    throw UserError(fmt::format("--threshold must be a fraction of at least 0, not {}", threshold));
  return DispatchOptions{axis, static_cast<std::size_t>(max_policies), threshold, {}};
}

std::optional<DispatchOptions> DispatchCommandOptions::resolved() const {
  DispatchOptions options = validated();
  if (axis.empty()) return std::nullopt;
  return options;
}

}  // namespace policytune
