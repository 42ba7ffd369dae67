#include "core/output_among_inputs.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;
namespace fs = std::filesystem;

TEST_CASE("same_file: one file by any path, and a missing file by its resolved path", "[output_among_inputs]") {
  const testing::TemporaryDirectory directory("same-file");
  const std::string database = directory.write("t.db", "rows");
  const std::string other = directory.write("other.db", "rows");
  fs::create_directory(directory.file("sub"));
  fs::create_hard_link(database, directory.file("hard.db"));
  fs::create_symlink("t.db", directory.file("link.db"));
  fs::create_directory_symlink("sub", directory.file("sub-link"));

  CHECK(same_file(database, database));
  CHECK(same_file(database, directory.file("sub/../t.db")));
  CHECK(same_file(database, directory.file("./t.db")));
  CHECK(same_file(database, directory.file("hard.db")));
  CHECK(same_file(directory.file("link.db"), database));
  // Same bytes are not the same file.
  CHECK_FALSE(same_file(database, other));
  // One there and one not: never the same.
  CHECK_FALSE(same_file(database, directory.file("new.db")));
  // Neither there: the same where the paths resolve to one (a file the command would create).
  CHECK(same_file(directory.file("t.db-wal"), directory.file("sub/../t.db-wal")));
  CHECK(same_file(directory.file("sub-link/new.hpp"), directory.file("sub/new.hpp")));
  CHECK_FALSE(same_file(directory.file("t.db-wal"), directory.file("t.db-shm")));
  CHECK_FALSE(same_file("", database));
}

TEST_CASE("an output that is one of a command's inputs is refused, naming both", "[output_among_inputs]") {
  const testing::TemporaryDirectory directory("same-file");
  const std::string database = directory.write("t.db", "rows");
  const std::string benchmark = directory.write("sum.cpp", "// %RANGE% TUNE_UNROLL unroll 1:4:1\n");
  fs::create_hard_link(database, directory.file("alias.db"));
  std::vector<CommandInput> inputs = database_inputs("--db", database);
  inputs.push_back(command_input("--benchmark", benchmark));

  CHECK_THROWS_MATCHES(refuse_output_among_inputs("-o", database, inputs), UserError,
                       Catch::Message(database + ": -o is --db " + database +
                                      ": writing it would destroy what it holds; give -o another file"));
  CHECK_THROWS_MATCHES(
      refuse_output_among_inputs("-o", directory.file("alias.db"), inputs), UserError,
      Catch::Message(directory.file("alias.db") + ": -o is --db " + database +
                     " (the same file): writing it would destroy what it holds; give -o another file"));
  CHECK_THROWS_WITH(refuse_output_among_inputs("--junit", benchmark, inputs),
                    Catch::Contains("--junit is --benchmark " + benchmark + ":"));
  // SQLite's files beside the database hold results too, whether they are there now or not.
  CHECK_THROWS_WITH(refuse_output_among_inputs("-o", database + "-wal", inputs),
                    Catch::Contains("-o is the write-ahead log of --db " + database + ":"));
  CHECK_THROWS_WITH(refuse_output_among_inputs("-o", database + "-journal", inputs),
                    Catch::Contains("-o is the rollback journal of --db " + database + ":"));
  // Standard output and any other file are no input.
  CHECK_NOTHROW(refuse_output_among_inputs("-o", "-", inputs));
  CHECK_NOTHROW(refuse_output_among_inputs("-o", directory.file("policy.hpp"), inputs));
  CHECK_NOTHROW(refuse_output_among_inputs("-o", database, {}));
}
