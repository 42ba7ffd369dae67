#include <catch2/catch.hpp>

#include <filesystem>

#include "commands/command.hpp"
#include "core/text_input.hpp"
#include "support/command_run.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;
using testing::run_policytune_here;

namespace {

std::string report_database_copy(const testing::TemporaryDirectory& directory) {
  const std::string copy = directory.file("radix.db");
  std::filesystem::copy_file(POLICYTUNE_TEST_DATA "/databases/radix_sort.host_keys.db", copy);
  return copy;
}

}  // namespace

TEST_CASE("report writes one HTML page of the database and says what it holds", "[report_command]") {
  testing::TemporaryDirectory directory("report");
  const std::string page = directory.file("report.html");
  const auto run = run_policytune_here({"report", "--db", report_database_copy(directory), "-o", page});
  INFO(run.err);
  CHECK(run.exit_code == 0);
  CHECK(run.out == page + ": 2 compile-time workloads of 160 rows\n");
  const std::string html = read_text_file(page);
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK_THAT(html, Catch::Contains("radix_sort.host_keys"));
}

TEST_CASE("report -R keeps the benchmarks it matches; -o - writes the page to stdout alone", "[report_command]") {
  testing::TemporaryDirectory directory("report");
  const std::string database = report_database_copy(directory);
  const auto none =
      run_policytune_here({"report", "--db", database, "-R", "scan\\..*", "-o", directory.file("none.html")});
  CHECK(none.exit_code == 0);
  CHECK(none.out == directory.file("none.html") + ": 0 compile-time workloads of 0 rows\n");
  const auto stdout_page = run_policytune_here({"report", "--db", database, "-o", "-"});
  CHECK(stdout_page.exit_code == 0);
  CHECK(stdout_page.out.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK_THAT(stdout_page.out, Catch::EndsWith("</html>\n"));
}

TEST_CASE("report's bad options are one error line and exit code 2", "[report_command]") {
  testing::TemporaryDirectory directory("report");
  const std::string database = report_database_copy(directory);
  const auto no_output = run_policytune_here({"report", "--db", database});
  CHECK(no_output.exit_code == 2);
  CHECK(testing::lines_of(no_output.err).size() == 1);
  const auto regex = run_policytune_here({"report", "--db", database, "-R", "[", "-o", directory.file("x.html")});
  CHECK(regex.exit_code == 2);
  CHECK_THAT(regex.err, Catch::StartsWith("policytune: error: -R '[' is not a valid regex"));
  CHECK_FALSE(std::filesystem::exists(directory.file("x.html")));
}

TEST_CASE("report -o naming the database is refused and the database kept", "[report_command]") {
  testing::TemporaryDirectory directory("report");
  const std::string database = report_database_copy(directory);
  std::filesystem::create_symlink(database, directory.file("link.db"));
  const std::string bytes = read_text_file(database);
  const auto run = run_policytune_here({"report", "--db", database, "-o", directory.file("link.db")});
  CHECK(run.exit_code == 2);
  CHECK(run.err == "policytune: error: " + directory.file("link.db") + ": -o is --db " + database +
                       " (the same file): writing it would destroy what it holds; give -o another file\n");
  CHECK(run.out.empty());
  CHECK(read_text_file(database) == bytes);
}
