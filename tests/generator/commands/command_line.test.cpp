// The command line in this process: the table parsed, the chosen command run, each error one line
// on stderr with its exit code.
#include "commands/command_line.hpp"

#include <catch2/catch.hpp>

#include "core/version.hpp"
#include "support/command_run.hpp"

using namespace policytune;
using testing::run_policytune_here;

TEST_CASE("a command line needs a subcommand, and a known one", "[command_line]") {
  const auto none = run_policytune_here({});
  CHECK(none.exit_code == 2);
  CHECK(none.out.empty());
  CHECK_THAT(none.err, Catch::StartsWith("policytune: error: ") && Catch::EndsWith("\n"));
  CHECK(testing::lines_of(none.err).size() == 1);

  const auto unknown = run_policytune_here({"tune"});
  CHECK(unknown.exit_code == 2);
  CHECK_THAT(unknown.err, Catch::StartsWith("policytune: error: ") && Catch::Contains("tune"));
  CHECK(testing::lines_of(unknown.err).size() == 1);
}

TEST_CASE("the options --version and --help succeed and print to stdout", "[command_line]") {
  const auto version = run_policytune_here({"--version"});
  CHECK(version.exit_code == 0);
  CHECK_THAT(version.out, Catch::Contains(std::string(kVersion)));
  const auto help = run_policytune_here({"--help"});
  CHECK(help.exit_code == 0);
  for (const char* name :
       {"list", "search", "analyze", "generate", "check", "merge", "prune", "import", "replay", "report", "batch"}) {
    CHECK_THAT(help.out, Catch::Contains(name));
  }
}

TEST_CASE("a user error of a command is one line on stderr and exit code 2", "[command_line]") {
  const auto missing = run_policytune_here({"list", "no/such/benchmark.cpp"});
  CHECK(missing.exit_code == 2);
  CHECK(missing.out.empty());
  CHECK(missing.err == "policytune: error: no/such/benchmark.cpp: no such file\n");
}

TEST_CASE("commands run one after another in one process keep nothing of each other", "[command_line]") {
  const auto first = run_policytune_here({"list", "--names", POLICYTUNE_TEST_DATA "/search/bench/tiny/sum.cpp"});
  const auto second =
      run_policytune_here({"list", "--names", POLICYTUNE_TEST_DATA "/search/bench/constrained/sum.cpp"});
  CHECK(first.out == "tiny.sum\n");
  CHECK(second.out == "constrained.sum\n");
}

TEST_CASE("a single-valued option given twice is one error line, never the last one taken", "[command_line]") {
  const auto database = run_policytune_here({"analyze", "--db", "a.db", "--db", "b.db"});
  CHECK(database.exit_code == 2);
  CHECK(database.err == "policytune: error: --db: At Most 1 required but received 2\n");
  const auto device = run_policytune_here({"generate", "--benchmark", "b.cpp", "--template", "t.mustache", "-o", "-",
                                           "--device", "X", "--device-arch", "90", "--device-arch", "80"});
  CHECK(device.exit_code == 2);
  CHECK(device.err == "policytune: error: --device-arch: At Most 1 required but received 2\n");
  const auto tolerance = run_policytune_here({"check", "b.cpp", "--tolerance", "0.1", "--tolerance", "0.2"});
  CHECK(tolerance.exit_code == 2);
  CHECK(testing::lines_of(tolerance.err).size() == 1);
}
