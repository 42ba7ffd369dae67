#include "recorded_results.hpp"

#include <algorithm>
#include <map>

#include "core/text_input.hpp"

namespace policytune::testing {
namespace {

struct Row {
  std::string ct;
  std::string variant;
  std::vector<double> speedups;  // over base, per size; one value: the same on every size
  double relative_stddev;
};

DeviceIdentity gpu(const std::string& arch) {
  if (arch == "80") return {"Synthetic GPU A (test data)", 108, 5120, true, "8.0", "000.00"};
  return {"Synthetic GPU B (test data)", 132, 6144, true, "9.0", "000.00"};
}

void add(std::vector<Measurement>& rows, const std::string& benchmark, const std::string& hash,
         const DeviceIdentity& device, const std::string& toolkit, const std::string& library,
         const std::vector<std::string>& sizes, const Row& row) {
  double base_median = 1e-4;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const std::string& size = sizes[i];
    const double speedup = row.speedups.size() == 1 ? row.speedups.front() : row.speedups.at(i);
    Measurement m;
    m.algorithm = benchmark.substr(0, benchmark.find('.'));
    m.benchmark = benchmark;
    m.device = device;
    m.toolkit = toolkit;
    m.library = library;
    m.source_hash = hash;
    m.ct_workload = row.ct;
    m.variant = row.variant;
    m.entry = "base";
    m.rt_workload = size;
    m.statistics.count = 100;
    m.statistics.median = base_median / speedup;
    m.statistics.mean = m.statistics.median;
    m.statistics.stddev = m.statistics.median * row.relative_stddev;
    m.statistics.min = m.statistics.median * 0.99;
    m.statistics.max = m.statistics.median * 1.01;
    m.recorded_at = "2026-11-20T10:00:00Z";
    rows.push_back(m);
    base_median *= 16;
  }
}

}  // namespace

RecordedResults recorded_results(const std::vector<std::string>& architectures) {
  RecordedResults results;
  results.reduce_source = POLICYTUNE_TEST_DATA "/hubs/bench/reduce/sum.cu";
  results.transpose_source = POLICYTUNE_TEST_DATA "/hubs/bench/transpose/blocked.cpp";
  results.plain_source = POLICYTUNE_TEST_DATA "/hubs/bench/plain/scale.cpp";
  const std::string reduce_hash = content_hash(read_text_file(results.reduce_source));
  const std::string transpose_hash = content_hash(read_text_file(results.transpose_source));
  const std::vector<std::string> sizes{"Elements{io}[pow2]=16", "Elements{io}[pow2]=20", "Elements{io}[pow2]=24"};

  const std::map<std::string, std::vector<Row>> by_arch{
      {"90",
       {{"T{ct}=I32,OffsetT{ct}=U32", "base", {1.0}, 0.01},
        {"T{ct}=I32,OffsetT{ct}=U32", "ipt_16.tpb_512.ipv_1", {1.001}, 0.01},  // within noise: base stays
        {"T{ct}=F32,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=F32,OffsetT{ct}=U32", "ipt_16.tpb_512.ipv_1", {1.12}, 0.005},
        {"T{ct}=F32,OffsetT{ct}=U32", "ipt_12.tpb_256.ipv_2", {1.05}, 0.005},
        {"T{ct}=F64,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=F64,OffsetT{ct}=U32", "ipt_7.tpb_128.ipv_1", {0.8}, 0.005}}},
      {"80",
       {{"T{ct}=I32,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=I32,OffsetT{ct}=U32", "ipt_20.tpb_256.ipv_2", {1.08}, 0.005},
        {"T{ct}=F32,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=F32,OffsetT{ct}=U32", "ipt_12.tpb_384.ipv_1", {1.10}, 0.005}}},
  };
  for (const auto& arch : architectures) {
    for (const auto& row : by_arch.at(arch)) {
      add(results.rows, "reduce.sum", reduce_hash, gpu(arch), "CUDA 13.0.88", "CCCL 3.0.1", sizes, row);
    }
  }
  const DeviceIdentity host{"Synthetic CPU (test data)", 2, 0, false, "", "6.1"};
  for (const auto& row : std::vector<Row>{{"T{ct}=F32", "base", {1.0}, 0.01},
                                          {"T{ct}=F32", "tile_5.unroll_1", {1.4}, 0.01},
                                          {"T{ct}=F64", "base", {1.0}, 0.01},
                                          {"T{ct}=F64", "tile_0.unroll_0", {0.1}, 0.01}}) {
    add(results.rows, "transpose.blocked", transpose_hash, host, "GCC 12.2.0", "host",
        {"Elements{io}[pow2]=9", "Elements{io}[pow2]=11"}, row);
  }
  return results;
}

RecordedResults recorded_size_dependent_results() {
  RecordedResults results = recorded_results({});
  results.rows.clear();
  const std::string reduce_hash = content_hash(read_text_file(results.reduce_source));
  const std::vector<std::string> sizes{"Elements{io}[pow2]=16", "Elements{io}[pow2]=20", "Elements{io}[pow2]=24",
                                       "Elements{io}[pow2]=28"};
  const std::map<std::string, std::vector<Row>> by_arch{
      {"90",
       {{"T{ct}=F32,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=F32,OffsetT{ct}=U32", "ipt_7.tpb_128.ipv_1", {1.30, 1.25, 0.95, 0.90}, 0.005},
        {"T{ct}=F32,OffsetT{ct}=U32", "ipt_16.tpb_512.ipv_1", {0.90, 1.00, 1.15, 1.20}, 0.005},
        {"T{ct}=I32,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=I32,OffsetT{ct}=U32", "ipt_16.tpb_512.ipv_1", {1.10}, 0.005},
        {"T{ct}=I32,OffsetT{ct}=U32", "ipt_7.tpb_128.ipv_1", {1.05}, 0.005}}},
      {"80",
       {{"T{ct}=F32,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=F32,OffsetT{ct}=U32", "ipt_7.tpb_128.ipv_1", {0.80, 1.30, 1.00, 0.90}, 0.005},
        {"T{ct}=F32,OffsetT{ct}=U32", "ipt_16.tpb_512.ipv_1", {0.70, 0.90, 1.20, 1.25}, 0.005}}},
  };
  for (const auto& [arch, rows] : by_arch) {
    for (const auto& row : rows) {
      add(results.rows, "reduce.sum", reduce_hash, gpu(arch), "CUDA 13.0.88", "CCCL 3.0.1", sizes, row);
    }
  }
  return results;
}

RecordedResults recorded_class_results() {
  RecordedResults results = recorded_results({});
  results.rows.clear();
  const std::string reduce_hash = content_hash(read_text_file(results.reduce_source));
  const std::vector<std::string> sizes{"Elements{io}[pow2]=16", "Elements{io}[pow2]=20", "Elements{io}[pow2]=24",
                                       "Elements{io}[pow2]=28"};
  const std::vector<double> small_sizes{1.30, 1.25, 0.95, 0.90};
  const std::vector<double> large_sizes{0.90, 1.00, 1.15, 1.20};
  const std::map<std::string, std::vector<Row>> by_arch{
      {"90",
       {{"T{ct}=I32,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=I32,OffsetT{ct}=U32", "ipt_7.tpb_128.ipv_1", small_sizes, 0.005},
        {"T{ct}=I32,OffsetT{ct}=U32", "ipt_16.tpb_512.ipv_1", large_sizes, 0.005},
        {"T{ct}=F32,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=F32,OffsetT{ct}=U32", "ipt_7.tpb_128.ipv_1", small_sizes, 0.005},
        {"T{ct}=F32,OffsetT{ct}=U32", "ipt_16.tpb_512.ipv_1", large_sizes, 0.005},
        {"T{ct}=F64,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=F64,OffsetT{ct}=U32", "ipt_7.tpb_128.ipv_1", {1.10}, 0.005},
        {"T{ct}=I64,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=I64,OffsetT{ct}=U32", "ipt_16.tpb_512.ipv_1", {1.10}, 0.005},
        {"T{ct}=U16,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=U16,OffsetT{ct}=U32", "ipt_7.tpb_128.ipv_1", {0.90}, 0.005},
        {"T{ct}=V3,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=V3,OffsetT{ct}=U32", "ipt_7.tpb_128.ipv_1", {0.80}, 0.005},
        {"T{ct}=C32,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=C32,OffsetT{ct}=U32", "ipt_12.tpb_256.ipv_2", {1.20}, 0.005},
        {"T{ct}=I32,OffsetT{ct}=U64", "base", {1.0}, 0.005},
        {"T{ct}=I32,OffsetT{ct}=U64", "ipt_12.tpb_256.ipv_2", {1.15}, 0.005}}},
      {"80",
       {{"T{ct}=I32,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=I32,OffsetT{ct}=U32", "ipt_20.tpb_256.ipv_2", {1.08}, 0.005},
        {"T{ct}=F32,OffsetT{ct}=U32", "base", {1.0}, 0.005},
        {"T{ct}=F32,OffsetT{ct}=U32", "ipt_12.tpb_384.ipv_1", {1.10}, 0.005}}},
  };
  for (const auto& [arch, rows] : by_arch) {
    for (const auto& row : rows) {
      add(results.rows, "reduce.sum", reduce_hash, gpu(arch), "CUDA 13.0.88", "CCCL 3.0.1", sizes, row);
    }
  }
  return results;
}

RecordedResults recorded_plain_results() {
  RecordedResults results = recorded_results({});
  results.rows.clear();
  const std::string hash = content_hash(read_text_file(results.plain_source));
  const DeviceIdentity host{"Synthetic CPU (test data)", 2, 0, false, "", "6.1"};
  for (const auto& row : std::vector<Row>{{"", "base", {1.0}, 0.001},
                                          {"", "block_1", {1.3, 1.0, 0.8}, 0.001},
                                          {"", "block_3", {0.9, 1.2, 1.4}, 0.001},
                                          {"", "block_4", {0.8, 1.1, 1.3}, 0.001}}) {
    add(results.rows, "plain.scale", hash, host, "GCC 12.2.0", "host",
        {"Elements{io}[pow2]=8", "Elements{io}[pow2]=10", "Elements{io}[pow2]=12"}, row);
  }
  return results;
}

}  // namespace policytune::testing
