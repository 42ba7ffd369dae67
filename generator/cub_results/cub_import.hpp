#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/measurement.hpp"
#include "cub_results/cub_bench_database.hpp"
#include "store/results_store.hpp"

namespace policytune {

// What `policytune import cub` needs beyond the database: CUB's scripts record neither the
// benchmark files nor the GPUs' compute capabilities.
struct CubImportOptions {
  // The benchmark files the results were measured with, matched to the database's benchmarks by
  // name (`.../bench/reduce/sum.cu` is reduce.sum): their rows get the file's source hash, as a
  // search of that file would, and its space is recorded, so `generate` and `check` take them.
  std::vector<std::string> sources;
  // Compute capability ("9.0") by GPU name as CUB writes it ("H100 80GB HBM3"); the key "" stands
  // for every GPU not named.
  std::map<std::string, std::string> compute_capabilities;
  // The CCCL release the database's revision is ("3.0.1"): CUB's scripts record the git commit they
  // built (`cccl` is f19d875... for v3.0.1). Given, the library is `CCCL <release>`, so that
  // `generate` renders the format that release takes; empty: `CCCL <revision>`.
  std::string cccl_release;
};

struct CubImport {
  std::vector<Measurement> measurements;
  std::vector<SearchSpaceRecord> spaces;  // one per benchmark it holds that a source was given for
  std::vector<std::string> summary;       // a line per benchmark
};

// Converts CUB's rows into PolicyTune's: the benchmark is the algorithm without CUB's `cub.bench.`
// prefix, the entry its NVBench name, the `{ct}` axes the compile-time workload and the others the
// runtime one; a variant keeps CUB's name (`ipt_13.tpb_256.ipv_1`, `base`); statistics come from
// the decoded samples; the toolkit is `CUDA <ctk>` and the library `CCCL <cccl>` (or the release given); the device is
// CUB's GPU string (its name without "NVIDIA ", bus width, SMs, ECC). A failed build or run (exit
// code in `builds`/`runs`) of a variant without states becomes one failed row per compile-time
// workload and GPU its benchmark was measured on. Without a source, a row's source hash is
// `cub:<cccl>`: the CCCL revision names the benchmark's text. Throws UserError naming the file
// and row for what it cannot convert.
CubImport import_cub(const CubBenchDatabase& database, const CubImportOptions& options);

// "cub.bench.reduce.sum" -> "reduce.sum"
std::string benchmark_of_cub_algorithm(const std::string& algorithm);

}  // namespace policytune
