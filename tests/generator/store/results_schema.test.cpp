// The results database's layout on plain SQLite files: made in an empty one, recognised, upgraded
// within version 1, and every other file refused with the reason.
#include "store/results_schema.hpp"

#include <catch2/catch.hpp>

#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

namespace {

std::int64_t schema_count(SqliteConnection& connection, const char* sql) {
  auto statement = connection.prepare(sql);
  REQUIRE(statement.step());
  return statement.integer(0);
}

}  // namespace

TEST_CASE("an empty file gets the schema and its version; then it is recognised", "[results_schema]") {
  testing::TemporaryDirectory directory("schema");
  const std::string path = directory.file("results.db");
  SqliteConnection connection(path, SqliteAccess::create);
  CHECK_FALSE(check_results_schema(connection, path));  // no tables: a new file
  create_results_schema(connection);
  CHECK(check_results_schema(connection, path));
  CHECK(schema_count(connection, "SELECT version FROM schema_version") == kResultsSchemaVersion);
  CHECK(has_column(connection, "measurements", "confirmed_rounds"));
  CHECK_FALSE(has_column(connection, "measurements", "no_such_column"));
}

TEST_CASE("a file of version 1 without the later columns gets them, empty", "[results_schema]") {
  testing::TemporaryDirectory directory("schema");
  const std::string path = directory.file("old.db");
  SqliteConnection connection(path, SqliteAccess::create);
  create_results_schema(connection);
  connection.execute("ALTER TABLE measurements DROP COLUMN confirmed_rounds");
  connection.execute("ALTER TABLE search_spaces DROP COLUMN runtime_axes");
  CHECK(check_results_schema(connection, path));  // still a results database
  upgrade_results_schema(connection);
  CHECK(has_column(connection, "measurements", "confirmed_rounds"));
  CHECK(has_column(connection, "search_spaces", "runtime_axes"));
  upgrade_results_schema(connection);  // once upgraded, nothing more to do
}

TEST_CASE("files that are no results database of this version are refused, naming the file and why",
          "[results_schema]") {
  testing::TemporaryDirectory directory("schema");
  const std::string path = directory.file("other.db");
  SqliteConnection connection(path, SqliteAccess::create);
  SECTION("other tables") {
    connection.execute("CREATE TABLE notes (text TEXT)");
    CHECK_THROWS_MATCHES(check_results_schema(connection, path), UserError,
                         Catch::Message(path + ": not a PolicyTune database (an SQLite file without a schema_version "
                                               "table)"));
  }
  SECTION("another version") {
    create_results_schema(connection);
    connection.execute("UPDATE schema_version SET version = 7");
    CHECK_THROWS_WITH(check_results_schema(connection, path), Catch::Contains("schema version 7"));
  }
  SECTION("a table missing") {
    connection.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)");
    connection.execute("INSERT INTO schema_version VALUES (1)");
    connection.execute("CREATE TABLE devices (id, name, sm_count, memory_bus_width, ecc, compute_capability, driver)");
    CHECK_THROWS_WITH(check_results_schema(connection, path), Catch::Contains("it has no search_spaces table"));
  }
}
