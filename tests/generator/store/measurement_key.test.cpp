// What makes two measurements the same row: the key, written once, that the stores and the merge
// compare.
#include "store/measurement_key.hpp"

#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "store/in_memory_store.hpp"
#include "store/results_database.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

namespace {

Measurement keyed_measurement() {
  Measurement m;
  m.algorithm = "reduce";
  m.benchmark = "reduce.sum";
  m.device = DeviceIdentity{"Synthetic GPU (test data)", 132, 6144, true, "9.0", "580.65"};
  m.toolkit = "CUDA 13.0";
  m.library = "CCCL 3.0.1";
  m.source_hash = "0123456789abcdef";
  m.ct_workload = "T{ct}=I32";
  m.variant = "ipt_7";
  m.entry = "base";
  m.rt_workload = "Elements{io}[pow2]=16";
  m.statistics = summarize({1e-3, 2e-3, 3e-3});
  m.recorded_at = "2026-01-01T00:00:00Z";
  return m;
}

// Each key field changed on its own.
const std::vector<std::pair<std::string, std::function<void(Measurement&)>>>& key_field_changes() {
  static const std::vector<std::pair<std::string, std::function<void(Measurement&)>>> changes{
      {"algorithm", [](Measurement& m) { m.algorithm = "scan"; }},
      {"benchmark", [](Measurement& m) { m.benchmark = "reduce.min"; }},
      {"device name", [](Measurement& m) { m.device.name = "Another GPU"; }},
      {"SM count", [](Measurement& m) { m.device.sm_count = 114; }},
      {"memory bus width", [](Measurement& m) { m.device.memory_bus_width = 5120; }},
      {"ECC", [](Measurement& m) { m.device.ecc = false; }},
      {"compute capability", [](Measurement& m) { m.device.compute_capability = "8.0"; }},
      {"driver", [](Measurement& m) { m.device.driver = "590.1"; }},
      {"toolkit", [](Measurement& m) { m.toolkit = "CUDA 13.1"; }},
      {"library", [](Measurement& m) { m.library = "CCCL 3.1.0"; }},
      {"source hash", [](Measurement& m) { m.source_hash = "fedcba9876543210"; }},
      {"compile-time workload", [](Measurement& m) { m.ct_workload = "T{ct}=I64"; }},
      {"variant", [](Measurement& m) { m.variant = "base"; }},
      {"entry", [](Measurement& m) { m.entry = "other"; }},
      {"runtime workload", [](Measurement& m) { m.rt_workload = "Elements{io}[pow2]=20"; }},
  };
  return changes;
}

}  // namespace

TEST_CASE("a measurement's key is every identifying field, and none of what was measured", "[measurement_key]") {
  const Measurement original = keyed_measurement();
  Measurement remeasured = original;
  remeasured.status = Status::run_failed;
  remeasured.reason = "signal 11";
  remeasured.statistics = summarize({5e-3});
  remeasured.bytes_per_second = 1e9;
  remeasured.recorded_at = "2026-02-02T00:00:00Z";
  remeasured.confirmed_rounds = 3;
  CHECK(measurement_key(remeasured) == measurement_key(original));
  for (const auto& [field, change] : key_field_changes()) {
    INFO(field);
    Measurement other = original;
    change(other);
    CHECK(measurement_key(other) != measurement_key(original));
  }
}

TEST_CASE("the key's SQL columns, the device by its id", "[measurement_key]") {
  CHECK(measurement_key_column_list() ==
        "algorithm, benchmark, device_id, toolkit, library, source_hash, ct_workload, variant, entry, rt_workload");
}

TEST_CASE("both stores replace a row of the same key and keep a row of another key", "[measurement_key]") {
  testing::TemporaryDirectory directory("measurement-key");
  InMemoryStore memory;
  ResultsDatabase sqlite(directory.file("results.db"), ResultsDatabase::Mode::create_if_missing);
  for (ResultsStore* store : {static_cast<ResultsStore*>(&memory), static_cast<ResultsStore*>(&sqlite)}) {
    const Measurement original = keyed_measurement();
    store->record(original);
    Measurement again = original;
    again.statistics = summarize({9e-3});
    store->record(again);
    REQUIRE(store->measurements().size() == 1);
    CHECK(store->measurements()[0].statistics.median == 9e-3);
    std::size_t expected = 1;
    for (const auto& [field, change] : key_field_changes()) {
      INFO(field);
      Measurement other = original;
      change(other);
      store->record(other);
      CHECK(store->measurements().size() == ++expected);
    }
  }
}
