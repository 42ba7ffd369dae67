#pragma once
// Runs SQL on a database file outside the tool, as a user or another program would: the tests
// damage or change stored files with it.

#include <sqlite3.h>

#include <catch2/catch.hpp>

#include <string>

namespace policytune::testing {

inline void run_sql(const std::string& database, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(database.c_str(), &db) == SQLITE_OK);
  char* message = nullptr;
  const int code = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
  const std::string error = message == nullptr ? "" : message;
  sqlite3_free(message);
  sqlite3_close(db);
  REQUIRE(error.empty());
  REQUIRE(code == SQLITE_OK);
}

}  // namespace policytune::testing
