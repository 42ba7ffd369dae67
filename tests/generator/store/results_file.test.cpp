// How a results file is opened in each mode, and what SQLite's errors on it are told as.
#include "store/results_file.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "core/environment_error.hpp"
#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

namespace {

std::string results_file_journal(const std::string& path) {
  SqliteConnection connection(path, SqliteAccess::read_only);
  auto mode = connection.prepare("PRAGMA journal_mode");
  REQUIRE(mode.step());
  return mode.text(0);
}

}  // namespace

TEST_CASE("a results file is made where asked, and refused where it must exist and does not", "[results_file]") {
  testing::TemporaryDirectory directory("results-file");
  const std::string path = directory.file("sub/results.db");
  CHECK_THROWS_WITH(ResultsFile(path, ResultsFileMode::must_exist), path + ": no such database");
  CHECK_THROWS_WITH(ResultsFile(path, ResultsFileMode::read_only), path + ": no such database");
  {
    ResultsFile file(path, ResultsFileMode::create_if_missing);  // its folder made too
    CHECK(file.has_schema());
    CHECK_FALSE(file.read_only());
  }
  CHECK_THROWS_WITH(ResultsFile(directory.file("sub"), ResultsFileMode::must_exist),
                    directory.file("sub") + ": is a directory, not a database");
  CHECK_THROWS_WITH(ResultsFile("", ResultsFileMode::create_if_missing),
                    Catch::Contains("a results database needs a file path"));
}

TEST_CASE("an empty file read-only has no schema and gets none", "[results_file]") {
  testing::TemporaryDirectory directory("results-file");
  const std::string path = directory.file("empty.db");
  std::ofstream{path};
  {
    ResultsFile file(path, ResultsFileMode::read_only);
    CHECK(file.read_only());
    CHECK_FALSE(file.has_schema());
  }
  CHECK(std::filesystem::file_size(path) == 0);
}

TEST_CASE("a file kept with a rollback journal is written in WAL mode and gets its journal back", "[results_file]") {
  testing::TemporaryDirectory directory("results-file");
  const std::string path = directory.file("shipped.db");
  { ResultsFile made(path, ResultsFileMode::create_if_missing); }
  {
    SqliteConnection connection(path, SqliteAccess::read_write);
    connection.execute("PRAGMA journal_mode = delete");
  }
  {
    ResultsFile file(path, ResultsFileMode::must_exist);
    CHECK(results_file_journal(path) == "wal");
  }
  CHECK(results_file_journal(path) == "delete");
}

TEST_CASE("SQLite's errors on a results file: the file's fault or the machine's", "[results_file]") {
  const auto told = [](int code) -> std::string {
    try {
      try {
        throw SqliteError(code, "message");
      } catch (const SqliteError& error) {
        rethrow_results_file_error(error, "x.db");
      }
    } catch (const UserError&) {
      return "user";
    } catch (const EnvironmentError&) {
      return "machine";
    } catch (const SqliteError&) {
      return "bug";
    }
    return "none";
  };
  CHECK(told(SQLITE_NOTADB) == "user");
  CHECK(told(SQLITE_CORRUPT) == "user");
  CHECK(told(SQLITE_FULL) == "machine");
  CHECK(told(SQLITE_IOERR_WRITE) == "machine");  // an extended code, by its primary one
  CHECK(told(SQLITE_READONLY) == "machine");
  CHECK(told(SQLITE_CONSTRAINT) == "bug");
}
