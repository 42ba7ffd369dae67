#include <fmt/format.h>

#include <memory>
#include <optional>

#include "commands/command.hpp"
#include "core/user_error.hpp"
#include "kernel_tuner/kernel_tuner_import.hpp"
#include "store/results_database.hpp"

namespace policytune {
namespace {

struct ImportOptions {
  std::string database;
  std::string format;
  std::vector<std::string> files;
  std::optional<std::string> base;
};

}  // namespace

RunCommand setup_import(CLI::App& app) {
  auto options = std::make_shared<ImportOptions>();
  add_database_option(app, options->database);
  app.add_option("format", options->format, "what the files are")->required()->check(CLI::IsMember({"kernel-tuner"}));
  app.add_option("files", options->files, "Kernel Tuner cache files (.json or .json.gz)")->required();
  app.add_option("--base", options->base,
                 "cache key of the configuration to score against (default: the first successful one)");
  return [options] {
    // Convert every file before writing anything: a bad file must not leave half an import behind.
    std::vector<KernelTunerImport> imports;
    for (const auto& file : options->files) imports.push_back(import_kernel_tuner(file, options->base));
    ResultsDatabase database(options->database, ResultsDatabase::Mode::create_if_missing);
    for (std::size_t i = 0; i < imports.size(); ++i) {
      database.record(imports[i].space);
      database.record(imports[i].measurements);
      std::size_t failed = 0;
      for (const auto& m : imports[i].measurements) failed += m.status != Status::ok ? 1 : 0;
      fmt::print("{}: imported {} configurations ({} failed) of {} on {}, base = {}\n", options->files[i],
                 imports[i].measurements.size() - 1, failed, imports[i].space.benchmark,
                 imports[i].measurements.front().device.name, imports[i].base_configuration);
    }
    return 0;
  };
}

}  // namespace policytune
