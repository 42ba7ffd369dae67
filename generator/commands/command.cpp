#include "command.hpp"

namespace policytune {

const std::vector<Command>& all_commands() {
  static const std::vector<Command> commands{
      {"list", "show the search space of benchmark sources and its exact size", setup_list},
      {"search", "build, verify and measure base and variants of benchmarks; store every result", setup_search},
      {"analyze", "rank variants by score (--top) or show how much of each space was searched (--coverage)",
       setup_analyze},
      {"generate", "render the winners of a database into a header-only policy hub", setup_generate},
      {"import", "bring measurements from other tuners into the database (kernel-tuner FILE.json[.gz])",
       setup_import},
  };
  return commands;
}

void add_database_option(CLI::App& app, std::string& path) {
  path = "policytune.db";
  app.add_option("--db", path, "results database (SQLite)")->capture_default_str();
}

}  // namespace policytune
