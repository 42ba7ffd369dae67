// The contract of a results store, through both implementations: the SQLite file and memory.
#include "store/results_store.hpp"

#include <catch2/catch.hpp>

#include <memory>
#include <vector>

#include "store/in_memory_store.hpp"
#include "store/measurement_key.hpp"
#include "store/results_database.hpp"
#include "support/measurement_checks.hpp"
#include "support/recorded_results.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

namespace {

MeasurementScope results_store_scope_of(const Measurement& row) {
  return {row.benchmark, row.device, row.toolkit, row.library, row.source_hash, row.ct_workload};
}

}  // namespace

TEST_CASE("a measurement is in a scope when benchmark, device, toolkit, library, source and workload match",
          "[results_store]") {
  Measurement m;
  m.benchmark = "reduce.sum";
  m.device.name = "GPU";
  m.toolkit = "CUDA 13.0";
  m.library = "CCCL 3.0.1";
  m.source_hash = "abc";
  m.ct_workload = "T{ct}=I32";
  const MeasurementScope scope = results_store_scope_of(m);
  CHECK(in_scope(m, scope));
  Measurement other_variant = m;  // what a scope compares across
  other_variant.variant = "ipt_7";
  other_variant.rt_workload = "Elements{io}[pow2]=20";
  other_variant.algorithm = "anything";
  CHECK(in_scope(other_variant, scope));
  for (auto change : std::vector<void (*)(Measurement&)>{
           [](Measurement& x) { x.benchmark = "reduce.min"; }, [](Measurement& x) { x.device.driver = "1"; },
           [](Measurement& x) { x.toolkit = "CUDA 13.1"; }, [](Measurement& x) { x.library = "CCCL 3.1.0"; },
           [](Measurement& x) { x.source_hash = "def"; }, [](Measurement& x) { x.ct_workload = "T{ct}=I64"; }}) {
    Measurement outside = m;
    change(outside);
    CHECK_FALSE(in_scope(outside, scope));
  }
}

TEST_CASE("every store keeps the order first recorded, replaces in place and selects a scope with in_scope",
          "[results_store]") {
  testing::TemporaryDirectory directory("results-store");
  const auto recorded = testing::recorded_results().rows;
  REQUIRE(recorded.size() > 4);
  std::vector<std::unique_ptr<ResultsStore>> stores;
  stores.push_back(std::make_unique<InMemoryStore>());
  stores.push_back(
      std::make_unique<ResultsDatabase>(directory.file("results.db"), ResultsDatabase::Mode::create_if_missing));
  std::vector<std::vector<Measurement>> held;
  for (auto& store : stores) {
    store->record(recorded[2]);  // one row first, then all: it keeps its first place
    store->record(recorded);
    Measurement changed = recorded[2];
    changed.statistics = testing::with_median(changed.statistics, changed.statistics.median * 3);
    store->record(changed);
    const auto rows = store->measurements();
    REQUIRE(rows.size() == recorded.size());
    CHECK(measurement_key(rows[0]) == measurement_key(recorded[2]));
    CHECK(rows[0].statistics.median == changed.statistics.median);
    CHECK(measurement_key(rows[1]) == measurement_key(recorded[0]));

    const MeasurementScope scope = results_store_scope_of(recorded.back());
    std::vector<Measurement> expected;
    for (const auto& row : rows) {
      if (in_scope(row, scope)) expected.push_back(row);
    }
    const auto scoped = store->measurements(scope);
    REQUIRE(scoped.size() == expected.size());
    REQUIRE_FALSE(scoped.empty());
    for (std::size_t i = 0; i < scoped.size(); ++i) CHECK(measurement_key(scoped[i]) == measurement_key(expected[i]));
    held.push_back(rows);
  }
  // Both stores hold the same rows.
  REQUIRE(held[0].size() == held[1].size());
  for (std::size_t i = 0; i < held[0].size(); ++i) CHECK(measurement_key(held[0][i]) == measurement_key(held[1][i]));
}

TEST_CASE("every store keeps one search space per benchmark source", "[results_store]") {
  testing::TemporaryDirectory directory("results-store");
  std::vector<std::unique_ptr<ResultsStore>> stores;
  stores.push_back(std::make_unique<InMemoryStore>());
  stores.push_back(
      std::make_unique<ResultsDatabase>(directory.file("results.db"), ResultsDatabase::Mode::create_if_missing));
  for (auto& store : stores) {
    store->record(SearchSpaceRecord{"reduce.sum", "aaaa", "reduce", "18", "T ipt 1:18:1\n", ""});
    store->record(SearchSpaceRecord{"reduce.sum", "bbbb", "reduce", "36", "T ipt 1:36:1\n", ""});  // an edited source
    store->record(SearchSpaceRecord{"reduce.sum", "aaaa", "reduce", "18", "T ipt 1:18:1\n", ""});
    const auto spaces = store->search_spaces();
    REQUIRE(spaces.size() == 2);
    CHECK(spaces[0].source_hash == "aaaa");
    CHECK(spaces[1].size == "36");
  }
}
