// The command table and the options commands share.
#include "commands/command.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "core/user_error.hpp"
#include "run/compiler.hpp"

using namespace policytune;

TEST_CASE("the command table lists every subcommand once, each with a summary and a setup", "[command]") {
  std::vector<std::string> names;
  for (const Command& command : all_commands()) {
    names.push_back(command.name);
    CHECK(std::string(command.summary).size() > 10);
    CHECK(command.setup != nullptr);
  }
  CHECK(names == std::vector<std::string>{"list", "search", "pool", "analyze", "generate", "check", "merge", "prune",
                                          "import", "replay", "report", "batch"});
}

TEST_CASE("every command's setup declares options on its app and gives something to run", "[command]") {
  for (const Command& command : all_commands()) {
    INFO(command.name);
    CLI::App app{command.summary, command.name};
    const RunCommand run = command.setup(app);
    CHECK(static_cast<bool>(run));
    CHECK_FALSE(app.get_options().empty());
  }
}

TEST_CASE("the option --db defaults to policytune.db", "[command]") {
  CLI::App app;
  std::string path = "ignored";
  add_database_option(app, path);
  CHECK(path == "policytune.db");
  app.parse("--db other.db");
  CHECK(path == "other.db");
}

TEST_CASE("the measurement options: bounds checked, axis filters parsed, the harness first on the include path",
          "[command]") {
  CLI::App app;
  MeasurementCommandOptions options;
  add_measurement_options(app, options);
  CHECK(options.search.database == "policytune.db");
  app.parse("-j 2 --min-samples 3 --max-time 0.5 -a T{ct}=I32 -I /extra/include");
  CHECK(options.search.jobs == 2);
  CHECK(options.search.sampling.min_samples == 3);
  CHECK(options.search.sampling.max_time == 0.5);
  const SearchOptions resolved = options.resolved();
  REQUIRE(resolved.filters.size() == 1);
  const auto defaults = default_include_directories();
  REQUIRE(resolved.compiler.include_directories.size() == defaults.size() + 1);
  CHECK(std::equal(defaults.begin(), defaults.end(), resolved.compiler.include_directories.begin()));
  CHECK(resolved.compiler.include_directories.back() == "/extra/include");

  CLI::App strict;
  MeasurementCommandOptions refused;
  add_measurement_options(strict, refused);
  CHECK_THROWS_AS(strict.parse("--min-samples 0"), CLI::ValidationError);
  CHECK_THROWS_AS(strict.parse("--max-noise 1e-9"), CLI::ValidationError);
}

TEST_CASE("NVBench's sampling flags mean what they mean to NVBench, or are refused", "[command]") {
  CLI::App app;
  MeasurementCommandOptions options;
  add_measurement_options(app, options);
  CHECK(options.search.sampling.max_noise_percent == 2);
  app.parse("--max-noise 0.5 --stopping-criterion stdrel");
  CHECK(options.search.sampling.max_noise_percent == 0.5);  // 0.5 %, as a CUB author means it
  for (const char* refused :
       {"--max-noise 0", "--max-noise 101", "--stopping-criterion entropy", "--stopping-criterion STDREL"}) {
    INFO(refused);
    CLI::App strict;
    MeasurementCommandOptions strict_options;
    add_measurement_options(strict, strict_options);
    CHECK_THROWS_AS(strict.parse(refused), CLI::ValidationError);
  }
  CLI::App strict;
  MeasurementCommandOptions strict_options;
  add_measurement_options(strict, strict_options);
  CHECK_THROWS_WITH(strict.parse("--stopping-criterion entropy"),
                    "--stopping-criterion: must be stdrel, the harness's only criterion (NVBench's default: the "
                    "relative noise, --max-noise), not 'entropy'");
}

TEST_CASE("dispatch options: validated limits, and a dispatch only with an axis", "[command]") {
  DispatchCommandOptions options;
  CHECK(options.max_policies == 3);
  CHECK_FALSE(options.resolved().has_value());
  options.axis = "Elements{io}";
  const auto resolved = options.resolved();
  REQUIRE(resolved.has_value());
  CHECK(resolved->axis == "Elements{io}");
  CHECK(resolved->max_policies == 3);
  options.max_policies = 0;
  CHECK_THROWS_AS(options.validated(), UserError);
  options.axis.clear();
  CHECK_THROWS_AS(options.resolved(), UserError);  // validated without --dispatch too
  options.max_policies = 2;
  options.threshold = -0.1;
  CHECK_THROWS_WITH(options.validated(), "--threshold must be a fraction of at least 0, not -0.1");
}

TEST_CASE("no command takes the last of a single-valued option given twice: each is refused", "[command]") {
  // run_command_line states the rule on the app the subcommands inherit; no setup may lift it.
  CLI::App app;
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::Throw);
  std::size_t single = 0;
  for (const Command& command : all_commands()) {
    CLI::App* sub = app.add_subcommand(command.name, command.summary);
    command.setup(*sub);
    for (const CLI::Option* option : sub->get_options()) {
      // Flags (no value) take the last, which means the same; lists (-a, --template) take every value.
      if (option->get_expected_max() == 0 || option->get_items_expected_max() > 1) continue;
      INFO(command.name << " " << option->get_name());
      CHECK(option->get_multi_option_policy() == CLI::MultiOptionPolicy::Throw);
      ++single;
    }
  }
  CHECK(single > 50);
}
