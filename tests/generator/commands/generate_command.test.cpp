#include <catch2/catch.hpp>

#include <filesystem>

#include "commands/command.hpp"
#include "core/text_input.hpp"
#include "support/command_run.hpp"
#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;
using testing::run_policytune_here;

namespace {

const std::string kGenerateRadixBenchmark = POLICYTUNE_SOURCE_DIR "/bench/radix_sort/host_keys.cpp";
const std::string kGenerateRadixTemplate = POLICYTUNE_SOURCE_DIR "/templates/radix_sort_host.mustache";

// A copy under the database's own name, which the header's banner shows.
std::string generate_database_copy(const testing::TemporaryDirectory& directory) {
  const std::string copy = directory.file("radix_sort.host_keys.db");
  std::filesystem::copy_file(POLICYTUNE_TEST_DATA "/databases/radix_sort.host_keys.db", copy);
  return copy;
}

}  // namespace

TEST_CASE("generate --dispatch renders the recorded radix sort's golden header", "[generate_command]") {
  testing::TemporaryDirectory directory("generate");
  const std::string header = directory.file("radix_sort_policy.hpp");
  const auto run = run_policytune_here({"generate", "--db", generate_database_copy(directory), "--benchmark",
                                        kGenerateRadixBenchmark, "--template", kGenerateRadixTemplate, "--dispatch",
                                        "Elements{io}", "--namespace", "examples::radix_sort", "-o", header});
  INFO(run.err);
  CHECK(run.exit_code == 0);
  REQUIRE(std::filesystem::exists(header));
  CHECK(read_text_file(header) == read_text_file(POLICYTUNE_TEST_DATA "/hubs/golden/radix_sort_policy.hpp"));
}

TEST_CASE("generate -o - writes the header to stdout; base mode needs no measurements", "[generate_command]") {
  testing::TemporaryDirectory directory("generate");
  const auto run =
      run_policytune_here({"generate", "--db", directory.file("none.db"), "--benchmark", kGenerateRadixBenchmark,
                           "--template", kGenerateRadixTemplate, "--mode", "base", "-o", "-"});
  INFO(run.err);
  CHECK(run.exit_code == 0);
  CHECK_THAT(run.out, Catch::Contains("#pragma once") && Catch::Contains("Mode base:"));
}

TEST_CASE("generate's bad options are one error line and exit code 2", "[generate_command]") {
  testing::TemporaryDirectory directory("generate");
  const std::string database = generate_database_copy(directory);
  const auto axis =
      run_policytune_here({"generate", "--db", database, "--benchmark", kGenerateRadixBenchmark, "--template",
                           kGenerateRadixTemplate, "--dispatch", "{io}", "-o", directory.file("bad.hpp")});
  CHECK(axis.exit_code == 2);
  CHECK(axis.err == "policytune: error: --dispatch '{io}' does not name a runtime axis such as Elements{io}\n");
  CHECK_FALSE(std::filesystem::exists(directory.file("bad.hpp")));
  const auto no_output = run_policytune_here(
      {"generate", "--db", database, "--benchmark", kGenerateRadixBenchmark, "--template", kGenerateRadixTemplate});
  CHECK(no_output.exit_code == 2);
  CHECK(testing::lines_of(no_output.err).size() == 1);
  const auto mode =
      run_policytune_here({"generate", "--db", database, "--benchmark", kGenerateRadixBenchmark, "--template",
                           kGenerateRadixTemplate, "--mode", "fast", "-o", directory.file("bad.hpp")});
  CHECK(mode.exit_code == 2);
  CHECK_THAT(mode.err, Catch::StartsWith("policytune: error: ") && Catch::Contains("fast"));
}
