#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "commands/command.hpp"
#include "core/text_input.hpp"
#include "support/command_run.hpp"
#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;
using testing::run_policytune_here;

TEST_CASE("batch runs each command line here and prints its exit code and output as a line of JSON",
          "[batch_command]") {
  testing::TemporaryDirectory directory("batch");
  const auto commands = nlohmann::json::array(
      {nlohmann::json::array({"list", "--names", testing::kTinyBenchmark}), nlohmann::json::array({"--version"})});
  const std::string file = directory.write("batch.json", commands.dump());
  const auto run = run_policytune_here({"batch", file});
  INFO(run.err);
  CHECK(run.exit_code == 0);
  const auto lines = testing::lines_of(run.out);
  REQUIRE(lines.size() == 2);
  const auto first = nlohmann::json::parse(lines[0]);
  CHECK(first.at("exit_code") == 0);
  CHECK(first.at("stdout") == "tiny.sum\n");
  CHECK(first.at("stderr") == "");
  CHECK(nlohmann::json::parse(lines[1]).at("exit_code") == 0);
}

TEST_CASE("batch stops at the first command that fails; ';', '[' and ']' are escaped for CMake", "[batch_command]") {
  const auto run = run_policytune_here({"batch", POLICYTUNE_TEST_DATA "/batch/stops_at_failure.json"});
  CHECK(run.exit_code == 0);
  const auto lines = testing::lines_of(run.out);
  REQUIRE(lines.size() == 2);  // --version, then the missing benchmark; the last --version never runs
  const auto failed = nlohmann::json::parse(lines[1]);
  CHECK(failed.at("exit_code") == 2);
  CHECK(failed.at("stderr") == "policytune: error: no/such/benchmark.cpp: no such file\n");
  for (const auto& line : lines) {
    CHECK(line.find(';') == std::string::npos);
    CHECK(line.find('[') == std::string::npos);
    CHECK(line.find(']') == std::string::npos);
  }
}

TEST_CASE("a batch file that is not a list of command lines is one error naming it", "[batch_command]") {
  for (const char* name : {"truncated.json", "not_command_lines.json", "nested.json"}) {
    INFO(name);
    const auto run = run_policytune_here({"batch", std::string(POLICYTUNE_TEST_DATA "/batch/") + name});
    CHECK(run.exit_code == 2);
    CHECK(run.out.empty());
    CHECK_THAT(run.err, Catch::StartsWith("policytune: error: ") && Catch::Contains(name));
    CHECK(testing::lines_of(run.err).size() == 1);
  }
  const auto nested = run_policytune_here({"batch", POLICYTUNE_TEST_DATA "/batch/nested.json"});
  CHECK_THAT(nested.err, Catch::Contains("a batch cannot run a batch"));
}

TEST_CASE("a batch whose command line names the batch file itself is refused, the file unchanged", "[batch_command]") {
  testing::TemporaryDirectory directory("batch");
  const std::string file = directory.file("batch.json");
  for (const auto& naming : {nlohmann::json::array({"report", "--db", "x.db", "-o", file}),
                             nlohmann::json::array({"merge", "--db=" + file, "a.db"})}) {
    const std::string text = nlohmann::json::array({nlohmann::json::array({"--version"}), naming}).dump();
    directory.write("batch.json", text);
    const auto run = run_policytune_here({"batch", file});
    CHECK(run.exit_code == 2);
    CHECK(run.out.empty());  // refused before any command ran
    CHECK_THAT(run.err,
               Catch::StartsWith("policytune: error: " + file + ": a command line names the batch file itself"));
    CHECK(read_text_file(file) == text);
  }
}

TEST_CASE("a batch file nested 100,000 arrays deep is one error naming it, not a crash", "[batch_command]") {
  testing::TemporaryDirectory directory("batch");
  const std::string file =
      directory.write("deep.json", "[\n  " + std::string(100000, '[') + std::string(100000, ']') + "\n]\n");
  const auto run = run_policytune_here({"batch", file});
  CHECK(run.exit_code == 2);
  CHECK(run.out.empty());
  CHECK(run.err == "policytune: error: " + file + ":2: arrays and objects nest deeper than 64 levels\n");
}

TEST_CASE("a batch file that is a FIFO is refused, never waited on", "[batch_command]") {
  testing::TemporaryDirectory directory("batch");
  const std::string fifo = directory.file("batch.fifo");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const auto run = run_policytune_here({"batch", fifo});
  CHECK(run.exit_code == 2);
  CHECK(run.err == "policytune: error: " + fifo + ": is a FIFO (named pipe), not a regular file\n");
}

TEST_CASE("batch --show-search-progress: a search's standard error is the batch's own, other commands' stay theirs",
          "[batch_command]") {
  testing::TemporaryDirectory directory("batch");
  // Each command fails at once, before anything is compiled: what it says shows where it went.
  const auto run_batch_of = [&](const nlohmann::json& command) {
    const std::string file = directory.write("batch.json", nlohmann::json::array({command}).dump());
    return run_policytune_here({"batch", "--show-search-progress", file});
  };
  const auto search =
      run_batch_of(nlohmann::json::array({"search", "no/such/benchmark.cpp", "--db", directory.file("results.db")}));
  CHECK(search.exit_code == 0);
  CHECK_THAT(search.err, Catch::Contains("no/such/benchmark.cpp"));  // shown as the search ran
  const auto searched = nlohmann::json::parse(testing::lines_of(search.out).at(0));
  CHECK(searched.at("exit_code") == 2);
  CHECK(searched.at("stderr") == "");

  const auto list = run_batch_of(nlohmann::json::array({"list", "no/such/benchmark.cpp"}));
  CHECK(list.err.empty());
  CHECK_THAT(nlohmann::json::parse(testing::lines_of(list.out).at(0)).at("stderr").get<std::string>(),
             Catch::Contains("no/such/benchmark.cpp"));
}
