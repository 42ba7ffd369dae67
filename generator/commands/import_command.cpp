#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <regex>

#include "commands/command.hpp"
#include "core/benchmark_name.hpp"
#include "core/output_among_inputs.hpp"
#include "core/user_error.hpp"
#include "cub_results/cub_bench_database.hpp"
#include "cub_results/cub_import.hpp"
#include "kernel_tuner/kernel_tuner_import.hpp"
#include "render/cccl_releases.hpp"
#include "store/results_database.hpp"

namespace policytune {
namespace {

struct ImportOptions {
  std::string database;
  std::string format;
  std::vector<std::string> files;
  std::optional<std::string> base;
  std::vector<std::string> sources;
  std::vector<std::string> compute_capabilities;
  std::string cccl_release;
};

// `--compute-capability 9.0` (every GPU) or `'H100 80GB HBM3=9.0'` (one, named as CUB names it).
std::map<std::string, std::string> parse_compute_capabilities(const std::vector<std::string>& given) {
  static const std::regex capability(R"(\d{1,2}\.\d{1,2})");
  std::map<std::string, std::string> parsed;
  for (const auto& text : given) {
    const auto equals = text.rfind('=');
    const std::string gpu = equals == std::string::npos ? "" : text.substr(0, equals);
    const std::string value = equals == std::string::npos ? text : text.substr(equals + 1);
    if (!std::regex_match(value, capability)) {
      throw UserError("--compute-capability '" + text + "': expected X.Y or 'GPU NAME=X.Y'");
    }
    // Given twice, the last would win silently: an H100 stored as SM 8.0.
    if (const auto [earlier, added] = parsed.emplace(gpu, value); !added) {
      throw UserError(fmt::format("--compute-capability is given twice for {} ({}, then {}): give it once",
                                  gpu.empty() ? "every GPU" : "'" + gpu + "'", earlier->second, value));
    }
  }
  return parsed;
}

int import_kernel_tuner_files(const ImportOptions& options) {
  // Convert every file before writing anything: a bad file must not leave half an import behind.
  std::vector<KernelTunerImport> imports;
  for (const auto& file : options.files) imports.push_back(import_kernel_tuner(file, options.base));
  std::vector<SearchSpaceRecord> spaces;
  std::vector<Measurement> rows;
  std::size_t total = 0;
  for (const auto& converted : imports) total += converted.measurements.size();
  rows.reserve(total);
  std::string said;  // once everything is stored
  for (std::size_t i = 0; i < imports.size(); ++i) {
    std::size_t failed = 0;
    for (const auto& row : imports[i].measurements) {
      require_storable(row, options.files[i]);
      failed += row.status != Status::ok ? 1 : 0;
    }
    said += fmt::format("{}: imported {} configurations ({} failed) of {} on {}, base = {}\n", options.files[i],
                        imports[i].measurements.size() - 1, failed, imports[i].space.benchmark,
                        imports[i].measurements.front().device.name, imports[i].base_configuration);
    spaces.push_back(imports[i].space);
    // Moved, not copied: a cache of a million configurations is a million rows.
    std::move(imports[i].measurements.begin(), imports[i].measurements.end(), std::back_inserter(rows));
  }
  ResultsDatabase database(options.database, ResultsDatabase::Mode::create_if_missing);
  database.record(spaces, rows);  // every file or none
  fmt::print("{}", said);
  return 0;
}

int import_cub_files(const ImportOptions& options) {
  if (!options.cccl_release.empty() && !parse_cccl_release(options.cccl_release)) {
    throw UserError("--cccl '" + options.cccl_release + "' is not a release such as 3.4 or 3.4.3");
  }
  std::map<std::string, std::string> source_of;  // benchmark -> the --source naming it: one would win silently
  for (const auto& source : options.sources) {
    const std::string benchmark = benchmark_name_from_path(source);
    if (const auto [other, first] = source_of.emplace(benchmark, source); !first) {
      throw UserError(source, 0, "--source names benchmark " + benchmark + " as " + other->second + " does: give one");
    }
  }
  const CubImportOptions cub{options.sources, parse_compute_capabilities(options.compute_capabilities),
                             options.cccl_release};
  std::vector<CubImport> imports;  // all converted before anything is written, as above
  for (const auto& file : options.files) {
    imports.push_back(import_cub(read_cub_bench_database(file), cub));
    // CUB's search.py writes the tables before it measures: a search stopped before its first
    // result leaves them empty, and importing that would succeed having imported nothing.
    if (imports.back().measurements.empty()) {
      throw UserError(file, 0, "holds CUB's tables but no results (no measured state, no failed build or run)");
    }
  }
  for (const auto& source : options.sources) {  // a --source no file has results of is a mistake
    const std::string benchmark = benchmark_name_from_path(source);
    const bool held = std::any_of(imports.begin(), imports.end(), [&](const CubImport& imported) {
      return std::any_of(imported.measurements.begin(), imported.measurements.end(),
                         [&](const Measurement& row) { return row.benchmark == benchmark; });
    });
    if (!held) throw UserError(source, 0, "--source: no database given holds results of " + benchmark);
  }
  std::vector<SearchSpaceRecord> spaces;
  std::vector<Measurement> rows;
  for (std::size_t i = 0; i < imports.size(); ++i) {
    for (const auto& row : imports[i].measurements) require_storable(row, options.files[i]);
    spaces.insert(spaces.end(), imports[i].spaces.begin(), imports[i].spaces.end());
    rows.insert(rows.end(), imports[i].measurements.begin(), imports[i].measurements.end());
  }
  ResultsDatabase database(options.database, ResultsDatabase::Mode::create_if_missing);
  database.record(spaces, rows);  // every file or none
  for (const auto& imported : imports) {
    for (const auto& line : imported.summary) fmt::print("{}\n", line);
  }
  return 0;
}

}  // namespace

RunCommand setup_import(CLI::App& app) {
  auto options = std::make_shared<ImportOptions>();
  add_database_option(app, options->database);
  app.add_option("format", options->format, "what the files are: kernel-tuner or cub")
      ->required()
      ->check(CLI::IsMember({"kernel-tuner", "cub"}));
  app.add_option("files", options->files,
                 "Kernel Tuner cache files (.json or .json.gz), or the cccl_meta_bench.db files of CUB's search.py")
      ->required();
  app.add_option("--base", options->base,
                 "kernel-tuner: cache key of the configuration to score against (default: the first successful one)");
  app.add_option("--source", options->sources,
                 "cub: a benchmark file the results were measured with (its rows take its source hash, so "
                 "generate and check use them); repeatable")
      ->allow_extra_args(false);
  app.add_option("--cccl", options->cccl_release,
                 "cub: the CCCL release the database's revision is (3.0.1): CUB records a git commit; generate then "
                 "renders the format that release takes");
  app.add_option("--compute-capability", options->compute_capabilities,
                 "cub: X.Y for every GPU, or 'NAME=X.Y' for one named as CUB names it (CUB does not record it); "
                 "repeatable, once per GPU")
      ->allow_extra_args(false);
  return [options] {
    std::vector<CommandInput> inputs;
    const std::string role = options->format == "cub" ? "CUB's database" : "the Kernel Tuner cache";
    for (const auto& file : options->files) inputs.push_back(command_input(role, file));
    for (const auto& source : options->sources) inputs.push_back(command_input("--source", source));
    refuse_output_among_inputs("--db", options->database, inputs);
    if (options->format == "cub") {
      if (options->base) throw UserError("--base is for kernel-tuner files: CUB's results name their base");
      return import_cub_files(*options);
    }
    if (!options->sources.empty() || !options->compute_capabilities.empty() || !options->cccl_release.empty()) {
      throw UserError("--source, --compute-capability and --cccl are for cub files");
    }
    return import_kernel_tuner_files(*options);
  };
}

}  // namespace policytune
