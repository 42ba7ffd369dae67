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

TEST_CASE("generate refuses options that would give a header that does not compile or means nothing",
          "[generate_command]") {
  testing::TemporaryDirectory directory("generate");
  const std::string header = directory.file("bad.hpp");
  const auto generate_base = [&](std::vector<std::string> extra) {
    std::vector<std::string> arguments{"generate",
                                       "--db",
                                       directory.file("none.db"),
                                       "--benchmark",
                                       kGenerateRadixBenchmark,
                                       "--template",
                                       kGenerateRadixTemplate,
                                       "--mode",
                                       "base",
                                       "-o",
                                       header};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    return run_policytune_here(arguments);
  };
  const std::vector<std::pair<std::vector<std::string>, std::string>> refused{
      {{"--namespace", "class"}, "--namespace 'class' cannot name the hub's namespace: 'class' is a C++ keyword"},
      {{"--namespace", "mylib::new"},
       "--namespace 'mylib::new' cannot name the hub's namespace: 'new' is a C++ keyword"},
      {{"--namespace", "std::tuning"},
       "--namespace 'std::tuning' cannot name the hub's namespace: namespace std belongs to the standard library"},
      {{"--archs=-90"},
       "--archs '-90': '-90' is not an architecture such as 90, 90a or 90-real (SM numbers 10 to 999)"},
      {{"--archs", "0"}, "--archs '0': '0' is not an architecture such as 90, 90a or 90-real (SM numbers 10 to 999)"},
      {{"--archs", "80,,90"}, "--archs '80,,90': an empty architecture between separators"},
      {{"--archs", "90,90"}, "--archs: 90 is given twice"},
      {{"--cccl", "3.0.1.2.3"}, "--cccl '3.0.1.2.3' is not a release such as 3.5 or 3.5.0"},
      {{"--cccl", "0.9"}, "--cccl '0.9' is not a release such as 3.5 or 3.5.0"},
      {{"--device", "x", "--device-arch", "0"}, "--device-arch '0' is not an SM number such as 100 (10 to 999)"},
  };
  for (const auto& [extra, message] : refused) {
    const auto run = generate_base(extra);
    INFO(extra.back());
    CHECK(run.exit_code == 2);
    CHECK(run.err == "policytune: error: " + message + "\n");
    CHECK_FALSE(std::filesystem::exists(header));
  }
  const auto fine =
      generate_base({"--namespace", "mylib::tuning", "--archs", "80,90-real,90-virtual", "--cccl", "3.0.1"});
  INFO(fine.err);
  CHECK(fine.exit_code == 0);
}

TEST_CASE("generate --dispatch of an axis the benchmark lacks is an error where results tell, a note otherwise",
          "[generate_command]") {
  testing::TemporaryDirectory directory("generate");
  const std::string database = generate_database_copy(directory);
  const auto lacking =
      run_policytune_here({"generate", "--db", database, "--benchmark", kGenerateRadixBenchmark, "--template",
                           kGenerateRadixTemplate, "--dispatch", "Items{io}", "-o", directory.file("lacking.hpp")});
  CHECK(lacking.exit_code == 2);
  CHECK(lacking.err == "policytune: error: " + database +
                           ": --dispatch 'Items{io}': the results of radix_sort.host_keys have no such runtime axis "
                           "(theirs: Elements{io})\n");
  CHECK_FALSE(std::filesystem::exists(directory.file("lacking.hpp")));
  // Base mode has no results: the source decides whether a note is due.
  const auto base =
      run_policytune_here({"generate", "--benchmark", kGenerateRadixBenchmark, "--template", kGenerateRadixTemplate,
                           "--mode", "base", "--dispatch", "Items{io}", "-o", "-"});
  CHECK(base.exit_code == 0);
  CHECK(base.err == "policytune: note: --dispatch Items{io}: " + kGenerateRadixBenchmark +
                        " does not name such a runtime axis, and no results of radix_sort.host_keys can tell; every "
                        "workload gets one range\n");
  const auto named =
      run_policytune_here({"generate", "--benchmark", kGenerateRadixBenchmark, "--template", kGenerateRadixTemplate,
                           "--mode", "base", "--dispatch", "Elements{io}", "-o", "-"});
  CHECK(named.exit_code == 0);
  CHECK(named.err.empty());
}

TEST_CASE("generate -o naming one of its inputs is refused, whatever path names it, and nothing is written",
          "[generate_command]") {
  testing::TemporaryDirectory directory("generate");
  const std::string database = generate_database_copy(directory);
  const std::string benchmark = directory.file("host_keys.cpp");
  const std::string template_copy = directory.file("radix_sort_host.mustache");
  std::filesystem::copy_file(kGenerateRadixBenchmark, benchmark);
  std::filesystem::copy_file(kGenerateRadixTemplate, template_copy);
  std::filesystem::create_hard_link(database, directory.file("alias.db"));
  std::filesystem::create_directory(directory.file("sub"));
  const std::string database_bytes = read_text_file(database);
  const auto generate = [&](const std::string& output, const std::string& mode = "tuned") {
    return run_policytune_here({"generate", "--db", database, "--benchmark", benchmark, "--template", template_copy,
                                "--mode", mode, "-o", output});
  };
  const std::string consequence = ": writing it would destroy what it holds; give -o another file\n";
  const auto over_database = generate(database);
  CHECK(over_database.exit_code == 2);
  CHECK(over_database.err == "policytune: error: " + database + ": -o is --db " + database + consequence);
  // In base mode the database is not read, but a header written over it loses it all the same.
  for (const std::string& alias : {directory.file("alias.db"), directory.file("sub/../radix_sort.host_keys.db")}) {
    const auto run = generate(alias, "base");
    CHECK(run.exit_code == 2);
    CHECK(run.err == "policytune: error: " + alias + ": -o is --db " + database + " (the same file)" + consequence);
  }
  CHECK(generate(database + "-wal").err ==
        "policytune: error: " + database + "-wal: -o is the write-ahead log of --db " + database + consequence);
  CHECK(generate(benchmark).err ==
        "policytune: error: " + benchmark + ": -o is --benchmark " + benchmark + consequence);
  CHECK(generate(template_copy).err ==
        "policytune: error: " + template_copy + ": -o is --template " + template_copy + consequence);
  CHECK(read_text_file(database) == database_bytes);
  CHECK(read_text_file(benchmark) == read_text_file(kGenerateRadixBenchmark));
  CHECK(read_text_file(template_copy) == read_text_file(kGenerateRadixTemplate));
  CHECK_FALSE(std::filesystem::exists(database + "-wal"));
}

TEST_CASE("generate -o naming a file a template or --cccl-include leads it to read is refused", "[generate_command]") {
  testing::TemporaryDirectory directory("generate");
  namespace fs = std::filesystem;
  for (const char* name : {"expanding.mustache", "expanding_header.mustache"}) {
    fs::copy_file(std::string(POLICYTUNE_TEST_DATA "/templates/") + name, directory.file(name));
  }
  fs::copy(POLICYTUNE_TEST_DATA "/cccl/3.3.9", directory.file("cccl"), fs::copy_options::recursive);
  const std::string skeleton = directory.file("expanding_header.mustache");
  const std::string version = directory.file("cccl/include/cub/version.cuh");
  const std::string skeleton_bytes = read_text_file(skeleton);
  const std::string version_bytes = read_text_file(version);
  const std::string template_path = directory.file("expanding.mustache");
  const std::string benchmark = POLICYTUNE_SOURCE_DIR "/bench/reduce/sum.cu";
  const std::string consequence = ": writing it would destroy what it holds; give -o another file\n";
  const auto header = run_policytune_here(
      {"generate", "--mode", "test", "--benchmark", benchmark, "--template", template_path, "-o", skeleton});
  CHECK(header.exit_code == 2);
  CHECK(header.err ==
        "policytune: error: " + skeleton + ": -o is the header skeleton of --template " + template_path + consequence);
  const std::string include = directory.file("cccl/include");
  const auto cccl = run_policytune_here({"generate", "--mode", "test", "--benchmark", benchmark, "--template",
                                         template_path, "--cccl-include", include, "-o", version});
  CHECK(cccl.exit_code == 2);
  CHECK(cccl.err ==
        "policytune: error: " + version + ": -o is the version header of --cccl-include " + include + consequence);
  CHECK(read_text_file(skeleton) == skeleton_bytes);
  CHECK(read_text_file(version) == version_bytes);
}
