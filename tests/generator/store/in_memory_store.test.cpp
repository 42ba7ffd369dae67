// The in-memory store keeps the SQLite store's semantics: the same records give the same rows, in
// the same order, the same replacements and the same scope selections.
#include "store/in_memory_store.hpp"

#include <catch2/catch.hpp>

#include <vector>

#include "store/results_database.hpp"
#include "support/measurement_checks.hpp"
#include "support/recorded_results.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

namespace {

MeasurementScope scope_of(const Measurement& row) {
  return {row.benchmark, row.device, row.toolkit, row.library, row.source_hash, row.ct_workload};
}

}  // namespace

TEST_CASE("a measurement of a key already held replaces it in its place", "[store]") {
  const auto recorded = testing::recorded_results().rows;
  REQUIRE(recorded.size() > 3);
  InMemoryStore store;
  store.record(recorded);
  Measurement again = recorded[1];
  again.statistics = testing::with_median(again.statistics, again.statistics.median * 2);
  again.recorded_at = "2026-11-01T00:00:00Z";
  store.record(again);
  const auto rows = store.measurements();
  REQUIRE(rows.size() == recorded.size());
  CHECK(rows[1].statistics.median == again.statistics.median);
  CHECK(rows[1].recorded_at == again.recorded_at);
  CHECK(rows[0].variant == recorded[0].variant);
  CHECK(rows[2].variant == recorded[2].variant);

  Measurement other_entry = recorded[1];  // differs in one key field: a row of its own
  other_entry.entry = "another_entry";
  store.record(other_entry);
  CHECK(store.measurements().size() == recorded.size() + 1);
}

TEST_CASE("the in-memory and the SQLite store hold the same rows for the same records", "[store]") {
  testing::TemporaryDirectory directory("store");
  const auto recorded = testing::recorded_results().rows;
  InMemoryStore memory;
  ResultsDatabase sqlite(directory.file("results.db"), ResultsDatabase::Mode::create_if_missing);
  // Everything twice, the second time with other medians: both stores replace.
  std::vector<Measurement> changed = recorded;
  for (auto& row : changed) row.statistics = testing::with_median(row.statistics, row.statistics.median + 1);
  for (ResultsStore* store : {static_cast<ResultsStore*>(&memory), static_cast<ResultsStore*>(&sqlite)}) {
    store->record(recorded);
    store->record(changed);
  }
  const auto from_memory = memory.measurements();
  const auto from_sqlite = sqlite.measurements();
  REQUIRE(from_memory.size() == from_sqlite.size());
  REQUIRE(from_memory.size() == recorded.size());
  for (std::size_t i = 0; i < from_memory.size(); ++i) {
    INFO("row " << i);
    CHECK(measurement_key(from_memory[i]) == measurement_key(from_sqlite[i]));
    CHECK(from_memory[i].statistics.median == from_sqlite[i].statistics.median);
  }
  const MeasurementScope scope = scope_of(recorded.back());
  const auto scoped_memory = memory.measurements(scope);
  const auto scoped_sqlite = sqlite.measurements(scope);
  REQUIRE_FALSE(scoped_memory.empty());
  REQUIRE(scoped_memory.size() == scoped_sqlite.size());
  CHECK(scoped_memory.size() < recorded.size());
  for (std::size_t i = 0; i < scoped_memory.size(); ++i) {
    CHECK(measurement_key(scoped_memory[i]) == measurement_key(scoped_sqlite[i]));
  }
}

TEST_CASE("the in-memory and the SQLite store keep search spaces alike", "[store]") {
  testing::TemporaryDirectory directory("spaces");
  InMemoryStore memory;
  ResultsDatabase sqlite(directory.file("results.db"), ResultsDatabase::Mode::create_if_missing);
  const SearchSpaceRecord first{"reduce.sum", "aaaa", "reduce", "18", "T ipt 1:18:1\n", R"({"base":[]})"};
  SearchSpaceRecord again = first;  // a later record without runtime axes keeps the held ones
  again.size = "36";
  again.runtime_axes.clear();
  const SearchSpaceRecord other{"scan.sum", "bbbb", "scan", "4", "", ""};
  for (ResultsStore* store : {static_cast<ResultsStore*>(&memory), static_cast<ResultsStore*>(&sqlite)}) {
    store->record(first);
    store->record(other);
    store->record(again);
    const auto spaces = store->search_spaces();
    REQUIRE(spaces.size() == 2);
    CHECK(spaces[0].size == "36");
    CHECK(spaces[0].runtime_axes == first.runtime_axes);
    CHECK(spaces[1].benchmark == "scan.sum");
  }
}
