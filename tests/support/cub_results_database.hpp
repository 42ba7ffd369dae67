#pragma once
// The CUB results database of tests/data/cub_import (written as CUB's bench.py writes one), and
// copies of it changed by SQL, for the tests of reading and importing it.

#include <sqlite3.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "support/temporary_directory.hpp"

namespace policytune::testing {

inline const std::string kCubResultsDatabase = POLICYTUNE_TEST_DATA "/cub_import/cccl_meta_bench.db";

// A copy of the database in `directory` with `sql` applied; its path.
inline std::string changed_cub_database(const TemporaryDirectory& directory, const std::string& sql) {
  const std::string path = directory.file("changed.db");
  std::filesystem::copy_file(kCubResultsDatabase, path, std::filesystem::copy_options::overwrite_existing);
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  char* message = nullptr;
  const int code = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
  const std::string error = message == nullptr ? "" : message;
  sqlite3_free(message);
  sqlite3_close(db);
  REQUIRE(error.empty());
  REQUIRE(code == SQLITE_OK);
  return path;
}

}  // namespace policytune::testing
