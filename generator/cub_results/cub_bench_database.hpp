#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/workload.hpp"

namespace policytune {

// A cccl_meta_bench.db as CUB's tuning scripts (CCCL's benchmarks/scripts, search.py) write it:
// `subbenches` (algorithm, bench) lists the benchmark entries; each entry's states are rows of a
// table named "<algorithm>.<bench>" (ctk, cccl, gpu, variant, elapsed, center, bw, samples, and one
// TEXT column per axis, named as NVBench names it: `T{ct}`, `Elements{io}[pow2]`); `builds` and
// `runs` (ctk, cccl, bench = "<algorithm>.<variant>", code, elapsed) hold each build's and run's
// exit code.

// One measured state.
struct CubStateRow {
  std::string ctk;               // "12.8"
  std::string cccl;              // the CCCL revision the benchmark was built from
  std::string gpu;               // "H100 80GB HBM3 (5120, 132, eccon)"
  std::string variant;           // "base" or "ipt_13.tpb_256.ipv_1"
  std::optional<double> center;  // seconds, the estimator's (the median by default)
  std::string samples;           // fpzip-compressed (cub_sample_blob.hpp); may be empty
  Workload axes;                 // every axis column, in the table's order
  std::int64_t row_id = 0;       // for messages
};

// One benchmark entry's table.
struct CubEntryTable {
  std::string algorithm;  // "cub.bench.reduce.sum"
  std::string entry;      // "base": NVBench's benchmark name
  std::vector<CubStateRow> rows;
};

// One build or one run of a variant, with its exit code (42: CUB's time limit; a run that timed
// out records an infinite elapsed time).
struct CubProcessRecord {
  std::string ctk;
  std::string cccl;
  std::string bench;  // "<algorithm>.<variant>"
  std::int64_t code = 0;
};

struct CubBenchDatabase {
  std::string path;
  std::vector<CubEntryTable> entries;
  std::vector<CubProcessRecord> builds;  // empty where the file has no such table
  std::vector<CubProcessRecord> runs;
};

// Reads the file, never writing to it. UserError naming the file (and the table and row) where it
// is missing, not SQLite, or lacks what CUB writes.
CubBenchDatabase read_cub_bench_database(const std::string& path);

}  // namespace policytune
