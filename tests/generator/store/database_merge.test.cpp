#include "store/database_merge.hpp"

#include <catch2/catch.hpp>

#include <functional>
#include <map>
#include <set>

#include "core/user_error.hpp"
#include "store/base_answer_cache.hpp"
#include "store/results_database.hpp"
#include "support/measurement_checks.hpp"
#include "support/recorded_results.hpp"
#include "support/sql_script.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

namespace {

std::string write_database(const testing::TemporaryDirectory& directory, const std::string& name,
                           const std::vector<Measurement>& rows) {
  const std::string path = directory.file(name);
  ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
  database.record(rows);
  return path;
}

std::vector<Measurement> rows_of(const std::string& path) {
  ResultsDatabase database(path, ResultsDatabase::Mode::must_exist);
  return database.measurements();
}

}  // namespace

TEST_CASE("merging overlapping shards keeps every row once, and merging again changes nothing", "[merge]") {
  testing::TemporaryDirectory directory("merge");
  const auto all = testing::recorded_results().rows;
  REQUIRE(all.size() > 10);
  // Two shards that overlap in the middle third.
  const std::vector<Measurement> first(all.begin(), all.begin() + static_cast<long>(2 * all.size() / 3));
  const std::vector<Measurement> second(all.begin() + static_cast<long>(all.size() / 3), all.end());
  const auto a = write_database(directory, "a.db", first);
  const auto b = write_database(directory, "b.db", second);
  const std::string merged = directory.file("merged.db");

  const auto summary = merge_databases(merged, {a, b});
  CHECK(summary.added == all.size());
  CHECK(summary.replaced == 0);
  const auto rows = rows_of(merged);
  REQUIRE(rows.size() == all.size());
  std::map<std::string, const Measurement*> by_identity;
  for (const auto& row : rows)
    by_identity[row.benchmark + row.device.name + row.ct_workload + row.variant + row.rt_workload] = &row;
  for (const auto& expected : all) {
    const auto found = by_identity.find(expected.benchmark + expected.device.name + expected.ct_workload +
                                        expected.variant + expected.rt_workload);
    REQUIRE(found != by_identity.end());
    testing::check_same_result(*found->second, expected);
  }

  const auto again = merge_databases(merged, {a, b});
  CHECK(again.added == 0);
  CHECK(again.replaced == 0);
  CHECK(again.unchanged == all.size());
  CHECK(rows_of(merged).size() == all.size());
}

TEST_CASE("where two databases measured the same thing, the newer measurement stays", "[merge]") {
  testing::TemporaryDirectory directory("merge");
  Measurement old_row = testing::recorded_results().rows.front();
  old_row.recorded_at = "2026-01-01T00:00:00Z";
  Measurement new_row = old_row;
  new_row.recorded_at = "2026-06-01T00:00:00Z";
  new_row.statistics = testing::with_median(new_row.statistics, new_row.statistics.median * 2);
  const auto old_db = write_database(directory, "old.db", {old_row});
  const auto new_db = write_database(directory, "new.db", {new_row});
  const std::string merged = directory.file("merged.db");

  // Whatever the order, the newer row wins; an older input never overwrites it.
  merge_databases(merged, {new_db, old_db});
  CHECK(rows_of(merged).at(0).statistics.median == new_row.statistics.median);
  const auto summary = merge_databases(merged, {old_db});
  CHECK(summary.unchanged == 1);
  CHECK(rows_of(merged).at(0).statistics.median == new_row.statistics.median);
  CHECK(rows_of(merged).size() == 1);
  const std::string other_order = directory.file("other_order.db");
  merge_databases(other_order, {old_db, new_db});
  CHECK(rows_of(other_order).at(0).statistics.median == new_row.statistics.median);

  // A newer input replaces what the destination holds.
  const std::string updated = directory.file("updated.db");
  CHECK(merge_databases(updated, {old_db}).added == 1);
  const auto replacing = merge_databases(updated, {new_db});
  CHECK(replacing.replaced == 1);
  CHECK(replacing.added == 0);
  CHECK(replacing.unchanged == 0);
  CHECK(rows_of(updated).at(0).statistics.median == new_row.statistics.median);
}

TEST_CASE("measurements recorded at the same second: the one met first stays", "[merge]") {
  testing::TemporaryDirectory directory("merge");
  Measurement first_row = testing::recorded_results().rows.front();
  Measurement second_row = first_row;
  second_row.statistics = testing::with_median(second_row.statistics, second_row.statistics.median * 2);
  const auto first_db = write_database(directory, "first.db", {first_row});
  const auto second_db = write_database(directory, "second.db", {second_row});
  // Between inputs, the earlier input's row.
  const std::string merged = directory.file("merged.db");
  CHECK(merge_databases(merged, {first_db, second_db}).added == 1);
  CHECK(rows_of(merged).at(0).statistics.median == first_row.statistics.median);
  // Between the destination and an input, the destination's.
  const auto again = merge_databases(merged, {second_db});
  CHECK(again.unchanged == 1);
  CHECK(rows_of(merged).at(0).statistics.median == first_row.statistics.median);
}

TEST_CASE("merge refuses a missing input and the destination as its own input", "[merge]") {
  testing::TemporaryDirectory directory("merge");
  const auto a = write_database(directory, "a.db", {testing::recorded_results().rows.front()});
  CHECK_THROWS_WITH(merge_databases(directory.file("m.db"), {directory.file("none.db")}),
                    Catch::Contains("none.db: no such database"));
  CHECK_THROWS_WITH(merge_databases(a, {a}), a + ": is the destination itself");
  CHECK(rows_of(a).size() == 1);
  // Into an existing destination too: the missing input is named before anything compares it.
  CHECK_THROWS_WITH(merge_databases(a, {directory.file("none.db")}), directory.file("none.db") + ": no such database");
}

TEST_CASE("rows that differ in any one column of the key are all kept", "[merge]") {
  testing::TemporaryDirectory directory("merge");
  const Measurement original = testing::recorded_results().rows.front();
  // One copy of the row per key column, that column changed.
  const std::vector<std::function<void(Measurement&)>> changes{
      [](Measurement& m) { m.algorithm += "x"; },
      [](Measurement& m) { m.benchmark += "x"; },
      [](Measurement& m) { m.device.name += "x"; },
      [](Measurement& m) { m.device.sm_count += 1; },
      [](Measurement& m) { m.device.memory_bus_width += 1; },
      [](Measurement& m) { m.device.ecc = !m.device.ecc; },
      [](Measurement& m) { m.device.compute_capability += "x"; },
      [](Measurement& m) { m.device.driver += "x"; },
      [](Measurement& m) { m.toolkit += "x"; },
      [](Measurement& m) { m.library += "x"; },
      [](Measurement& m) { m.source_hash += "x"; },
      [](Measurement& m) { m.ct_workload += "x"; },
      [](Measurement& m) { m.variant += "x"; },
      [](Measurement& m) { m.entry += "x"; },
      [](Measurement& m) { m.rt_workload += "x"; },
  };
  std::vector<Measurement> changed;
  for (std::size_t i = 0; i < changes.size(); ++i) {
    Measurement m = original;
    changes[i](m);
    // Which row survived.
    m.statistics = testing::with_median(m.statistics, original.statistics.median * static_cast<double>(i + 2));
    changed.push_back(m);
  }
  const auto first = write_database(directory, "first.db", {original});
  const auto second = write_database(directory, "second.db", changed);
  REQUIRE(rows_of(second).size() == changes.size());  // the database itself keeps them apart

  const std::string merged = directory.file("merged.db");
  const auto summary = merge_databases(merged, {first, second});
  CHECK(summary.added == changes.size() + 1);
  CHECK(summary.replaced == 0);
  std::multiset<double> medians, expected{original.statistics.median};
  for (const auto& row : rows_of(merged)) medians.insert(row.statistics.median);
  for (const auto& row : changed) expected.insert(row.statistics.median);
  CHECK(medians == expected);
}

TEST_CASE("merge carries base's stored answers, the newer one where two inputs have the same key",
          "[merge][base_answer]") {
  testing::TemporaryDirectory directory("merge");
  const BaseAnswerKey shared{"tiny.sum", "1111111111111111", "build", "device"};
  const BaseAnswerKey only_b{"tiny.sum", "1111111111111111", "build", "other device"};
  const auto with_answers = [&](const std::string& name, const std::vector<StoredBaseAnswer>& answers) {
    const std::string path = write_database(directory, name, {});
    BaseAnswerCache cache(path);
    for (const auto& answer : answers) cache.keep_newer(answer);
    return path;
  };
  const std::string a = with_answers("a.db", {{shared, {"old listing", "old device"}, "2025-01-01T00:00:00Z"}});
  const std::string b = with_answers("b.db", {{shared, {"new listing", "new device"}, "2025-02-01T00:00:00Z"},
                                              {only_b, {"listing b", "device b"}, "2025-01-15T00:00:00Z"}});
  const std::string merged = directory.file("merged.db");
  CHECK(merge_databases(merged, {a, b}).base_answers == 3);  // a's, then b's newer one and b's other
  CHECK(BaseAnswerCache(merged).recall(shared) == BaseAnswer{"new listing", "new device"});
  CHECK(BaseAnswerCache(merged).recall(only_b) == BaseAnswer{"listing b", "device b"});
  // Again, and in the other order: the destination's answers are as new, and stay.
  CHECK(merge_databases(merged, {b, a}).base_answers == 0);
  CHECK(BaseAnswerCache(merged).recall(shared) == BaseAnswer{"new listing", "new device"});
  // The inputs were only read: a database without answers gets no table from being merged from.
  const std::string plain = write_database(directory, "plain.db", {});
  merge_databases(directory.file("merged2.db"), {plain});
  CHECK(read_base_answers(plain).empty());
}

TEST_CASE("merge refuses an input row that fails validation, and the destination keeps every row and space",
          "[merge][validation]") {
  testing::TemporaryDirectory directory("merge-validation");
  const auto all = testing::recorded_results().rows;
  Measurement stored = all.front();
  stored.recorded_at = "2026-01-01T00:00:00Z";
  const std::string destination = write_database(directory, "destination.db", {stored});
  {
    ResultsDatabase database(destination, ResultsDatabase::Mode::must_exist);
    database.record(SearchSpaceRecord{stored.benchmark, stored.source_hash, stored.algorithm, "4", "r\n", ""});
  }
  // The input holds a newer row of the same key, faster, and a space of another source.
  Measurement newer = stored;
  newer.recorded_at = "2026-02-01T00:00:00Z";
  const std::string input = write_database(directory, "input.db", {newer});
  {
    ResultsDatabase database(input, ResultsDatabase::Mode::must_exist);
    database.record(SearchSpaceRecord{stored.benchmark, "another-source", stored.algorithm, "4", "r\n", ""});
  }
  const auto expect_refused = [&](const std::string& sql, const std::string& needle) {
    testing::run_sql(input, sql);
    try {
      merge_databases(destination, {input});
      FAIL("merged an input with " << needle);
    } catch (const UserError& error) {
      CHECK(error.file() == input);
      CHECK_THAT(error.message(), Catch::Matchers::Contains(needle));
    }
    const auto rows = rows_of(destination);
    REQUIRE(rows.size() == 1);
    testing::check_same_result(rows.front(), stored);
    CHECK(rows.front().recorded_at == stored.recorded_at);
    ResultsDatabase database(destination, ResultsDatabase::Mode::read_only);
    REQUIRE(database.search_spaces().size() == 1);
    CHECK(database.search_spaces().front().source_hash == stored.source_hash);
  };
  SECTION("dated in the future") {
    expect_refused("UPDATE measurements SET recorded_at = '2099-01-01T00:00:00Z'", "future");
  }
  SECTION("dated in the future, with the median 'NaN' as text") {
    expect_refused("UPDATE measurements SET recorded_at = '2099-01-01T00:00:00Z', median = 'NaN'", "'NaN'");
  }
  SECTION("an unparseable date, which compares after every real one as text") {
    expect_refused("UPDATE measurements SET recorded_at = 'zzz'", "'zzz'");
  }
  SECTION("a median of -1") { expect_refused("UPDATE measurements SET median = -1", "median of -1"); }
  SECTION("a median outside its own minimum and maximum") {
    expect_refused("UPDATE measurements SET median = max * 2", "inconsistent samples");
  }
}

TEST_CASE("merge carries every input's search spaces, their runtime axes included, into the destination", "[merge]") {
  testing::TemporaryDirectory directory("merge-spaces");
  const Measurement row = testing::recorded_results().rows.front();
  const SearchSpaceRecord first{"reduce.sum",
                                "aaaa",
                                "reduce",
                                "24",
                                "TUNE_IPT ipt 1:24:1\n",
                                R"({"sum":[{"axis":"Elements{io}[pow2]","values":["16","20"]}]})"};
  const SearchSpaceRecord second{"scan.sum", "bbbb", "scan", "8", "TUNE_TPB tpb 32:256:32\n", ""};
  const std::string a = write_database(directory, "a.db", {row});
  const std::string b = write_database(directory, "b.db", {});
  {
    ResultsDatabase database(a, ResultsDatabase::Mode::must_exist);
    database.record(first);
  }
  {
    ResultsDatabase database(b, ResultsDatabase::Mode::must_exist);
    database.record(second);
  }
  const std::string merged = directory.file("merged.db");
  merge_databases(merged, {a, b});
  ResultsDatabase database(merged, ResultsDatabase::Mode::read_only);
  const auto spaces = database.search_spaces();
  REQUIRE(spaces.size() == 2);
  for (const auto& [got, expected] : {std::pair{spaces[0], first}, {spaces[1], second}}) {
    CHECK(got.benchmark == expected.benchmark);
    CHECK(got.source_hash == expected.source_hash);
    CHECK(got.algorithm == expected.algorithm);
    CHECK(got.size == expected.size);
    CHECK(got.ranges == expected.ranges);
    CHECK(got.runtime_axes == expected.runtime_axes);
  }
}
