#include <fmt/format.h>

#include <map>
#include <memory>

#include "commands/command.hpp"
#include "core/benchmark_name.hpp"
#include "core/output_among_inputs.hpp"
#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "space/current_source.hpp"
#include "store/database_prune.hpp"

namespace policytune {

RunCommand setup_prune(CLI::App& app) {
  auto database = std::make_shared<std::string>();
  auto files = std::make_shared<std::vector<std::string>>();
  auto dry_run = std::make_shared<bool>(false);
  app.add_option("files", *files, "benchmark sources whose current version's measurements to keep")->required();
  add_database_option(app, *database);
  app.add_flag("--dry-run", *dry_run, "only list what would be dropped");
  return [database, files, dry_run] {
    std::vector<CommandInput> inputs;  // `prune t.db --db t.db`: the database is no benchmark source
    for (const auto& file : *files) inputs.push_back(command_input("the benchmark source", file));
    refuse_output_among_inputs("--db", *database, inputs);
    std::map<std::string, std::string> current;  // benchmark -> the hash of its source now
    std::map<std::string, std::string> file_of;  // benchmark -> the file that named it
    for (const auto& file : *files) {
      const std::string name = benchmark_name_from_path(file);
      // Two files of one name: the rows of either would count as the other's old source.
      if (const auto [other, first] = file_of.emplace(name, file); !first) {
        throw UserError(file, 0, "names benchmark " + name + " as " + other->second + " does: prune one at a time");
      }
      current[name] = content_hash(read_current_source(file).text);
    }
    const auto outcomes = prune_old_sources(*database, current, *dry_run);
    std::size_t dropped = 0, sources = 0;
    const char* verb = *dry_run ? "would drop" : "dropped";
    for (const auto& outcome : outcomes) {
      for (const auto& old : outcome.old_sources) {
        fmt::print("{}: {} {} rows of old source {} (last measured {})\n", outcome.benchmark, verb, old.rows,
                   old.source_hash, old.newest);
        dropped += old.rows;
        ++sources;
      }
      fmt::print("{}: kept {} rows of current source {}\n", outcome.benchmark, outcome.current_rows,
                 outcome.current_hash);
    }
    if (sources == 0) {
      fmt::print("nothing to prune in {}: no rows of old sources\n", *database);
    } else {
      fmt::print("{}: {} {} rows of {} old source{}\n", *database, verb, dropped, sources, sources == 1 ? "" : "s");
    }
    return 0;
  };
}

}  // namespace policytune
