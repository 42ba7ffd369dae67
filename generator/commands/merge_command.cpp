#include <fmt/format.h>

#include <memory>

#include "commands/command.hpp"
#include "store/database_merge.hpp"

namespace policytune {

RunCommand setup_merge(CLI::App& app) {
  auto destination = std::make_shared<std::string>();
  auto inputs = std::make_shared<std::vector<std::string>>();
  add_database_option(app, *destination);
  app.add_option("inputs", *inputs, "databases to merge into --db (shards, other machines)")->required();
  return [destination, inputs] {
    const MergeSummary summary = merge_databases(*destination, *inputs);
    fmt::print(
        "merged {} databases into {}: {} rows added, {} replaced by newer ones, {} already there; "
        "{} of base's answers taken\n",
        inputs->size(), *destination, summary.added, summary.replaced, summary.unchanged, summary.base_answers);
    return 0;
  };
}

}  // namespace policytune
