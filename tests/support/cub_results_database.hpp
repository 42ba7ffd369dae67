#pragma once
// The CUB results database of tests/data/cub_import (written as CUB's bench.py writes one), and
// copies of it changed by SQL, for the tests of reading and importing it.

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "support/sql_script.hpp"
#include "support/temporary_directory.hpp"

namespace policytune::testing {

inline const std::string kCubResultsDatabase = POLICYTUNE_TEST_DATA "/cub_import/cccl_meta_bench.db";

// A copy of the database in `directory` with `sql` applied; its path.
inline std::string changed_cub_database(const TemporaryDirectory& directory, const std::string& sql) {
  const std::string path = directory.file("changed.db");
  std::filesystem::copy_file(kCubResultsDatabase, path, std::filesystem::copy_options::overwrite_existing);
  run_sql(path, sql);
  return path;
}

}  // namespace policytune::testing
