#pragma once
// What the database fuzz targets share: a results database built from the fuzzer's input. Bytes
// that begin as an SQLite file does are that file; anything else is SQL run on a good database
// (the schema and a few rows of each status), so that the fuzzer damages it as a person or
// another program would (text in numeric columns, dangling ids, dropped tables, rows by hand)
// instead of spending its time on SQLite's own page checks.

#include <sqlite3.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>

#include "store/results_database.hpp"

namespace policytune::fuzz {

inline Measurement good_row(const std::string& variant, const std::string& rt_workload, double median) {
  Measurement row;
  row.algorithm = "reduce";
  row.benchmark = "reduce.sum";
  row.device = {"NVIDIA H100", 132, 5120, true, "9.0", "580.65"};
  row.toolkit = "CUDA 13.0";
  row.library = "CCCL 3.0.1";
  row.source_hash = "0123456789abcdef";
  row.ct_workload = "T{ct}=I32";
  row.variant = variant;
  row.entry = "sum";
  row.rt_workload = rt_workload;
  row.statistics = {20, median, median, median * 0.01, median * 0.9, median * 1.1};
  row.recorded_at = "2026-11-01T00:00:00Z";
  return row;
}

// Writes a database at `path` from the fuzzer's input, as the header says.
inline void write_database(const std::string& path, const std::uint8_t* data, std::size_t size) {
  std::remove(path.c_str());
  std::remove((path + "-wal").c_str());
  std::remove((path + "-shm").c_str());
  constexpr char kMagic[] = "SQLite format 3";
  if (size >= sizeof kMagic && std::memcmp(data, kMagic, sizeof kMagic) == 0) {
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    return;
  }
  {
    ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
    database.record(SearchSpaceRecord{"reduce.sum", "0123456789abcdef", "reduce", "4", "TUNE_IPT ipt 1:4:1\n", ""});
    Measurement failed = good_row("ipt_3", "", 0);
    failed.status = Status::build_failed;
    failed.reason = "error";
    failed.statistics = {};
    database.record(std::vector<Measurement>{
        good_row("base", "Elements{io}[pow2]=16", 2e-6), good_row("base", "Elements{io}[pow2]=20", 8e-6),
        good_row("ipt_2", "Elements{io}[pow2]=16", 1.5e-6), good_row("ipt_2", "Elements{io}[pow2]=20", 7e-6), failed});
  }
  sqlite3* db = nullptr;
  if (sqlite3_open(path.c_str(), &db) == SQLITE_OK) {
    const std::string sql(reinterpret_cast<const char*>(data), size);
    sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);  // what fails to run damages nothing
  }
  sqlite3_close(db);
}

}  // namespace policytune::fuzz
