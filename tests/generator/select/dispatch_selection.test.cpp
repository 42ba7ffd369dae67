#include "select/dispatch_selection.hpp"

#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <random>

#include "select/score.hpp"
#include "store/results_database.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;
using Catch::Detail::Approx;

namespace {

const std::vector<std::string> kSizes{"8", "12", "16", "20"};

// The measurements of one compile-time workload on one host, as a search records them: base takes
// 1 ms on every size; each variant's speedups are given per size.
struct Database {
  std::vector<Measurement> rows;

  // `relative_stddev` of every sample set, with 100 samples: median noise = 1.2533 * it / 10.
  void add(const std::string& variant, const std::vector<double>& speedups, double relative_stddev = 0.01,
           const std::vector<std::string>& sizes = kSizes, const std::string& other_axes = "",
           const std::string& axis = "Elements{io}[pow2]") {
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      Measurement m;
      m.algorithm = "sort";
      m.benchmark = "sort.keys";
      m.device = {"Synthetic CPU (test data)", 2, 0, false, "", "6.1"};
      m.toolkit = "GCC 12.2.0";
      m.library = "host";
      m.source_hash = "0123";
      m.ct_workload = "T{ct}=U32";
      m.variant = variant;
      m.entry = "base";
      m.rt_workload = axis + "=" + sizes[i] + other_axes;
      m.statistics.count = 100;
      m.statistics.median = 1e-3 / speedups[i];
      m.statistics.mean = m.statistics.median;
      m.statistics.stddev = m.statistics.median * relative_stddev;
      m.statistics.min = m.statistics.median;
      m.statistics.max = m.statistics.median;
      m.recorded_at = "2026-11-20T10:00:00Z";
      rows.push_back(m);
    }
  }
  void add_base(double relative_stddev = 0.01) { add("base", {1, 1, 1, 1}, relative_stddev); }

  WorkloadDispatch select(const DispatchOptions& options = {}) const {
    const auto groups = group_by_workload(rows);
    REQUIRE(groups.size() == 1);
    return select_dispatch(groups.front(), options);
  }
};

// Ranges as "first..last=variant" for compact comparisons.
std::vector<std::string> ranges_of(const WorkloadDispatch& result) {
  std::vector<std::string> ranges;
  REQUIRE(result.dispatch);
  for (const auto& range : result.dispatch->ranges)
    ranges.push_back(range.first + ".." + range.last + "=" + range.variant);
  return ranges;
}

// Every measured value lies in exactly one range, the ranges ascending without gaps.
void check_contiguous_cover(const RuntimeDispatch& dispatch) {
  const auto& values = dispatch.axis.values;
  std::size_t next = 0;
  for (const auto& range : dispatch.ranges) {
    REQUIRE(next < values.size());
    CHECK(range.first == values[next]);
    const auto last = std::find(values.begin(), values.end(), range.last);
    REQUIRE(last != values.end());
    CHECK(static_cast<std::size_t>(last - values.begin()) >= next);
    next = static_cast<std::size_t>(last - values.begin()) + 1;
  }
  CHECK(next == values.size());
  double weight = 0;
  for (const auto& range : dispatch.ranges) weight += range.weight;
  CHECK(weight == Approx(1));
  CHECK(dispatch.thresholds.size() + 1 == dispatch.ranges.size());
}

}  // namespace

TEST_CASE("one policy best on every size gives no dispatch", "[dispatch]") {
  Database db;
  db.add_base();
  db.add("bits_8", {1.3, 1.4, 1.5, 1.6});
  db.add("bits_4", {1.2, 1.1, 1.0, 0.9});
  const auto result = db.select();
  CHECK(result.problem.empty());
  CHECK(result.architecture == "host");
  CHECK(result.ct_workload == "T{ct}=U32");
  CHECK(result.single.variant == "bits_8");
  CHECK_FALSE(result.kept);
  CHECK(ranges_of(result) == std::vector<std::string>{"8..20=bits_8"});
  CHECK(result.dispatch->score == Approx(result.single.score));
  CHECK(result.margin == Approx(0).margin(1e-12));
  CHECK(result.verdict == "one policy: bits_8 is best on every Elements{io}");
}

TEST_CASE("two variants winning different size ranges give exactly those ranges", "[dispatch]") {
  Database db;
  db.add_base();
  db.add("bits_4", {2.0, 1.8, 1.0, 0.9});
  db.add("bits_8", {1.0, 1.1, 1.6, 1.7});
  const auto result = db.select();
  CHECK(result.kept);
  CHECK(ranges_of(result) == std::vector<std::string>{"8..12=bits_4", "16..20=bits_8"});
  const RuntimeDispatch& dispatch = *result.dispatch;
  CHECK(dispatch.axis.key == "Elements{io}[pow2]");
  CHECK(dispatch.axis.name == "Elements{io}");
  CHECK(dispatch.axis.pow2);
  CHECK(dispatch.axis.runtime_value("12") == 4096);
  CHECK(dispatch.axis.describe("12") == "2^12");

  // The weights of score.hpp: the score sums over both ranges, each range scored alone.
  const auto weights = importance_weights(4);
  const double total = weights[0] + weights[1] + weights[2] + weights[3];
  CHECK(dispatch.ranges[0].score == Approx((2.0 * weights[0] + 1.8 * weights[1]) / (weights[0] + weights[1])));
  CHECK(dispatch.ranges[0].weight == Approx((weights[0] + weights[1]) / total));
  CHECK(dispatch.ranges[1].score == Approx((1.6 * weights[2] + 1.7 * weights[3]) / (weights[2] + weights[3])));
  CHECK(dispatch.score == Approx((2.0 * weights[0] + 1.8 * weights[1] + 1.6 * weights[2] + 1.7 * weights[3]) / total));

  // The single policy is bits_8 (the larger sizes weigh more); the margin is relative to it.
  CHECK(result.scope.benchmark == "sort.keys");
  CHECK(result.single.variant == "bits_8");
  CHECK(result.single_noise == Approx(std::hypot(1.2533 * 0.01 / 10, 1.2533 * 0.01 / 10)));
  CHECK(result.margin == Approx(dispatch.score / result.single.score - 1));
  CHECK(result.margin > 0.1);
  // The dispatch differs from bits_8 at 2^8 and 2^12 only: there both medians' noise combine, weighted
  // as the score weighs those sizes.
  const double median_noise = 1.2533 * 0.01 / 10;
  CHECK(result.noise == Approx((weights[0] + weights[1]) / total * std::hypot(median_noise, median_noise)));
  CHECK(result.verdict ==
        fmt::format("dispatch: 2 policies gain {:+.2f}% over one policy (noise {:.2f}%, threshold 2.00%)",
                    100 * result.margin, 100 * result.noise));

  // The threshold and the speedups that put it between 2^12 and 2^16.
  REQUIRE(dispatch.thresholds.size() == 1);
  const auto& threshold = dispatch.thresholds[0];
  CHECK(threshold.below == "12");
  CHECK(threshold.above == "16");
  CHECK(threshold.lower_at_below == Approx(1.8));
  CHECK(threshold.upper_at_below == Approx(1.1));
  CHECK(threshold.lower_at_above == Approx(1.0));
  CHECK(threshold.upper_at_above == Approx(1.6));
  check_contiguous_cover(dispatch);
}

TEST_CASE("a gain below the threshold or within the noise keeps one policy", "[dispatch]") {
  SECTION("below the threshold") {
    Database db;
    db.add_base(0.001);
    db.add("a", {1.03, 1.0, 1.0, 1.0}, 0.001);
    db.add("b", {1.0, 1.01, 1.01, 1.01}, 0.001);
    const auto result = db.select();
    REQUIRE(result.dispatch);
    CHECK(result.dispatch->ranges.size() == 2);
    CHECK(result.margin > result.noise);
    CHECK(result.margin < 0.02);
    CHECK_FALSE(result.kept);
    CHECK(result.verdict.find("not more than the threshold (2.00%)") != std::string::npos);
    // The same gain is kept once the threshold allows it; a gain exactly at the threshold is not.
    DispatchOptions lenient;
    lenient.threshold = 0.001;
    CHECK(db.select(lenient).kept);
    DispatchOptions exact;
    exact.threshold = result.margin;
    CHECK_FALSE(db.select(exact).kept);
  }
  SECTION("within the noise") {
    Database db;
    db.add_base(1.0);
    db.add("a", {1.5, 1.0, 1.0, 1.0}, 1.0);  // median noise 12.5% on every size
    db.add("b", {1.0, 1.05, 1.05, 1.05}, 1.0);
    DispatchOptions options;
    options.threshold = 0;
    const auto result = db.select(options);
    REQUIRE(result.dispatch);
    CHECK(result.dispatch->ranges.size() == 2);
    CHECK(result.margin > 0.02);
    CHECK(result.margin <= result.noise);
    CHECK_FALSE(result.kept);
    CHECK(result.verdict ==
          fmt::format("one policy: the best dispatch gains {:+.2f}% over one policy, within the noise ({:.2f}%)",
                      100 * result.margin, 100 * result.noise));
  }
  SECTION("the single policy must itself beat base by more than the noise, as generate decides") {
    Database db;
    db.add_base(0.5);
    db.add("a", {1.01, 1.01, 1.01, 1.01}, 0.5);
    CHECK(db.select().single.variant == "base");
    CHECK(db.select().single.score == Approx(1));
  }
}

TEST_CASE("no more ranges than max-policies", "[dispatch]") {
  Database db;
  db.add_base();
  db.add("small", {3.0, 1.0, 1.0, 1.0});
  db.add("medium", {1.0, 3.0, 1.0, 1.0});
  db.add("large", {1.0, 1.0, 3.0, 3.0});
  DispatchOptions options;
  options.max_policies = 3;
  CHECK(ranges_of(db.select(options)) == std::vector<std::string>{"8..8=small", "12..12=medium", "16..20=large"});
  options.max_policies = 2;
  const auto two = db.select(options);
  REQUIRE(two.dispatch->ranges.size() == 2);
  CHECK(two.kept);
  // Two ranges: keep `large` above and the better of the small sizes' winners below (12 weighs more).
  CHECK(ranges_of(two) == std::vector<std::string>{"8..12=medium", "16..20=large"});
  check_contiguous_cover(*two.dispatch);
  options.max_policies = 1;
  CHECK(db.select(options).dispatch->ranges.size() == 1);
  CHECK_FALSE(db.select(options).kept);
  CHECK(db.select(options).verdict == "one policy: --max-policies allows no more");
  options.max_policies = 0;  // as 1
  CHECK(ranges_of(db.select(options)) == std::vector<std::string>{"8..20=large"});
  CHECK(db.select(options).verdict == "one policy: --max-policies allows no more");
}

TEST_CASE("one variant may serve two ranges apart from each other", "[dispatch]") {
  Database db;
  db.add_base();
  db.add("a", {2.0, 1.0, 2.0, 2.0});
  db.add("b", {1.0, 2.0, 1.0, 1.0});
  const auto result = db.select();
  CHECK(ranges_of(result) == std::vector<std::string>{"8..8=a", "12..12=b", "16..20=a"});
  check_contiguous_cover(*result.dispatch);
}

TEST_CASE("values are ordered numerically, not as text", "[dispatch]") {
  Database db;
  const std::vector<std::string> sizes{"9", "10", "11", "100"};
  db.add("base", {1, 1, 1, 1}, 0.01, sizes);
  db.add("a", {2, 2, 1, 1}, 0.01, sizes);
  db.add("b", {1, 1, 2, 2}, 0.01, sizes);
  const auto result = db.select();
  CHECK(result.dispatch->axis.values == std::vector<std::string>{"9", "10", "11", "100"});
  CHECK(ranges_of(result) == std::vector<std::string>{"9..10=a", "11..100=b"});
}

TEST_CASE("the dispatch splits the runtime axis that matters and averages over the others", "[dispatch]") {
  Database db;
  for (const std::string entropy : {",Entropy=0.5", ",Entropy=1"}) {
    db.add("base", {1, 1, 1, 1}, 0.01, kSizes, entropy);
    db.add("a", {2, 2, 1, 1}, 0.01, kSizes, entropy);
    db.add("b", {1, 1, 2, 2}, 0.01, kSizes, entropy);
  }
  const auto result = db.select();
  REQUIRE(result.dispatch);
  CHECK(result.dispatch->axis.key == "Elements{io}[pow2]");
  CHECK(ranges_of(result) == std::vector<std::string>{"8..12=a", "16..20=b"});
  CHECK(result.dispatch->thresholds[0].lower_at_below == Approx(2));
  CHECK(result.kept);
}

TEST_CASE("the dynamic program finds the best assignment of ranges", "[dispatch]") {
  // Against brute force: every way to cut 5 values into at most 3 ranges, each with its best variant.
  std::mt19937 random(7);
  std::uniform_real_distribution<double> speedup(0.5, 2.0);
  const std::vector<std::string> sizes{"4", "8", "12", "16", "20"};
  for (int trial = 0; trial < 50; ++trial) {
    Database db;
    db.add("base", {1, 1, 1, 1, 1}, 0.01, sizes);
    std::map<std::string, std::vector<double>> speedups;
    for (const std::string variant : {"a", "b", "c", "d"}) {
      for (int i = 0; i < 5; ++i) speedups[variant].push_back(speedup(random));
      db.add(variant, speedups[variant], 0.01, sizes);
    }
    speedups["base"] = {1, 1, 1, 1, 1};
    const auto weights = importance_weights(5);
    double total = 0;
    for (double w : weights) total += w;
    const auto best_of = [&](int begin, int end) {
      double best = 0;
      for (const auto& [variant, values] : speedups) {
        double sum = 0;
        for (int i = begin; i < end; ++i)
          sum += weights[static_cast<std::size_t>(i)] * values[static_cast<std::size_t>(i)];
        best = std::max(best, sum);
      }
      return best / total;
    };
    double brute = 0;
    for (int first = 1; first <= 5; ++first) {
      brute = std::max(brute, best_of(0, first) + best_of(first, 5));
      for (int second = first + 1; second < 5; ++second) {
        brute = std::max(brute, best_of(0, first) + best_of(first, second) + best_of(second, 5));
      }
    }
    const auto result = db.select();
    REQUIRE(result.dispatch);
    CHECK(result.dispatch->score == Approx(brute));
    CHECK(result.dispatch->ranges.size() <= 3);
    check_contiguous_cover(*result.dispatch);
  }
}

TEST_CASE("only usable variants serve; base always may", "[dispatch]") {
  Database db;
  db.add_base();
  db.add("a", {2.0, 2.0, 0.9, 0.9});
  db.add("b", {1.0, 1.0, 2.0, 2.0});
  DispatchOptions options;
  options.usable = [](const std::string& variant) { return variant != "b"; };
  const auto result = db.select(options);
  CHECK(ranges_of(result) == std::vector<std::string>{"8..12=a", "16..20=base"});
}

TEST_CASE("nothing to split or nothing scored is reported, not guessed", "[dispatch]") {
  SECTION("one size only") {
    Database db;
    db.add("base", {1}, 0.01, {"16"});
    db.add("a", {2}, 0.01, {"16"});
    const auto result = db.select();
    CHECK_FALSE(result.dispatch);
    CHECK_FALSE(result.kept);
    CHECK(result.single.variant == "a");
    CHECK(result.verdict == "one policy: no runtime axis has two or more numeric values to split");
  }
  SECTION("base failed") {
    Database db;
    db.add("base", {1, 1, 1, 1});
    for (auto& row : db.rows) row.status = Status::run_failed;
    db.add("a", {2, 2, 2, 2});
    const auto result = db.select();
    CHECK(result.problem == "base has no successful measurement");
    CHECK_FALSE(result.dispatch);
  }
}

TEST_CASE("analyze --dispatch prints the single policy, the ranges and the verdict", "[dispatch]") {
  Database db;
  db.add_base();
  db.add("bits_4", {2.0, 1.8, 1.0, 0.9});
  db.add("bits_8", {1.0, 1.1, 1.6, 1.7});
  const auto dispatches = select_dispatches(group_by_workload(db.rows), {});
  const std::string text = format_dispatch(dispatches);
  CHECK(text.find("sort.keys[T{ct}=U32] on Synthetic CPU (test data) (2 threads, kernel 6.1), GCC 12.2.0, host:\n") ==
        0);
  CHECK(text.find(fmt::format("  one policy: bits_8, score {:.6f} (noise {:.2f}%)\n", dispatches.at(0).single.score,
                              100 * dispatches.at(0).single_noise)) != std::string::npos);
  CHECK(text.find("  best dispatch over Elements{io}[pow2]: 2 ranges, score ") != std::string::npos);
  CHECK(text.find("    Elements{io}  variant     score  weight\n") != std::string::npos);
  CHECK(text.find("    2^8..2^12     bits_4   1.") != std::string::npos);
  CHECK(text.find("    2^16..2^20    bits_8   1.") != std::string::npos);
  CHECK(text.find(
            "    threshold 2^12|2^16: at 2^12 bits_4 1.800 vs bits_8 1.100; at 2^16 bits_8 1.600 vs bits_4 1.000\n") !=
        std::string::npos);
  CHECK(text.find("  verdict: dispatch: 2 policies gain +") != std::string::npos);

  // Base as the single policy: no noise to show. A group without a successful base: why, and nothing more.
  Database plain;
  plain.add_base();
  plain.add("slow", {0.5, 0.5, 0.5, 0.5});
  CHECK_THAT(format_dispatch(select_dispatches(group_by_workload(plain.rows), {})),
             Catch::Contains(fmt::format("  one policy: base, score {:.6f}\n", 1.0)));
  for (auto& row : plain.rows) {
    if (row.variant == "base") row.status = Status::run_failed;
  }
  CHECK(format_dispatch(select_dispatches(group_by_workload(plain.rows), {})) ==
        "sort.keys[T{ct}=U32] on Synthetic CPU (test data) (2 threads, kernel 6.1), GCC 12.2.0, host:\n"
        "  not scored: base has no successful measurement\n");
}

TEST_CASE("the recorded host example keeps a dispatch by a margin well above noise and threshold", "[dispatch]") {
  // A search of bench/radix_sort/host_keys.cpp on the 2-core CI machine. Copied: opening a
  // database switches it to WAL mode.
  testing::TemporaryDirectory directory("dispatch");
  const std::string path = directory.file("recorded.db");
  std::filesystem::copy_file(POLICYTUNE_TEST_DATA "/databases/radix_sort.host_keys.db", path);
  ResultsDatabase database(path, ResultsDatabase::Mode::must_exist);
  const auto measurements = database.measurements();
  const auto groups = group_by_workload(measurements);
  REQUIRE(groups.size() == 2);
  for (const auto& result : select_dispatches(groups, {})) {
    INFO(result.title);
    CHECK(result.architecture == "host");
    CHECK(result.kept);
    CHECK(result.margin > 0.05);
    CHECK(result.margin > 3 * result.noise);
    REQUIRE(result.dispatch);
    CHECK(result.dispatch->axis.values == std::vector<std::string>{"8", "10", "12", "14", "16", "18", "20", "22"});
    CHECK(result.dispatch->ranges.size() == 3);
    check_contiguous_cover(*result.dispatch);
    for (const auto& threshold : result.dispatch->thresholds) {
      // Each side of a threshold is won by its own range's variant.
      CHECK(threshold.lower_at_below > threshold.upper_at_below);
      CHECK(threshold.upper_at_above > threshold.lower_at_above);
    }
  }
  const auto u32 = select_dispatch(groups[0], {});
  CHECK(u32.ct_workload == "T{ct}=U32");
  CHECK(u32.single.variant == "bits_11");
  CHECK(ranges_of(u32) == std::vector<std::string>{"8..10=base", "12..20=bits_11", "22..22=bits_14"});
  DispatchOptions strict;
  strict.threshold = 0.5;
  CHECK_FALSE(select_dispatch(groups[0], strict).kept);
}

TEST_CASE("a threshold between sizes that are not powers of two goes to the nearer size, a tie to the upper",
          "[dispatch]") {
  DispatchAxis linear;
  linear.name = "Segments";
  CHECK(linear.boundary("1000", "1001") == 1001);  // 1000.5: no integer size is nearer to 1001
  CHECK(linear.boundary("10", "13") == 12);        // 11 is nearer to 10, 12 to 13
  CHECK(linear.boundary("10", "14") == 12);        // 12 lies halfway: the upper range's
  CHECK(linear.boundary("-7", "-4") == -5);        // -5.5
  CHECK_FALSE(linear.boundary("13", "10"));        // not ascending
  CHECK_FALSE(linear.boundary("10", "12.5"));      // not a size a selector can compare against
  DispatchAxis pow2;
  pow2.name = "Elements{io}";
  pow2.pow2 = true;
  CHECK(pow2.boundary("12", "16") == 16384);  // 2^14, the geometric midpoint
  CHECK(pow2.boundary("12", "15") == 11586);  // 2^13.5 = 11585.24
  CHECK(pow2.boundary("3", "4") == 12);       // 2^3.5 = 11.31
  CHECK_FALSE(pow2.boundary("12.5", "16"));   // 2^12.5 is not an integer size
  // A value that is not a number stands for 0 (2^0 on a power-of-two axis), empty or not.
  CHECK(linear.runtime_value("") == 0);
  CHECK(linear.runtime_value("many") == 0);
  CHECK(pow2.runtime_value("") == 1);
  // Only whole numbers: not an empty value, nor one with more after the number.
  CHECK_FALSE(linear.boundary("", "4"));
  CHECK_FALSE(linear.boundary("4x", "8"));
  CHECK_FALSE(linear.boundary("12", "12"));  // no size between
  // Sizes from 2^62 on are not compared against (a selector's 64-bit arithmetic stays exact below).
  CHECK(linear.boundary("0", "4611686018427387392") == 2305843009213693696);  // 2^62 - 512, the double below 2^62
  CHECK_FALSE(linear.boundary("0", "4611686018427387904"));
  CHECK_FALSE(pow2.boundary("61", "62"));
}

TEST_CASE("a selector's parameter is the axis name in lower case, words joined by one underscore", "[dispatch]") {
  DispatchAxis axis;
  for (const auto& [name, parameter] :
       std::vector<std::pair<std::string, std::string>>{{"Elements{io}", "elements"},
                                                        {"Num Segments", "num_segments"},
                                                        {"Key  Bits-Per", "key_bits_per"},
                                                        {" Size ", "size"},
                                                        {"9 Lives", "value_9_lives"},
                                                        {"!!", "value_"}}) {
    axis.name = name;
    CHECK(axis.parameter_name() == parameter);
  }
}

TEST_CASE("two axes that split equally well: the first seen is kept", "[dispatch]") {
  Database db;
  const std::vector<std::string> others{",Other=1", ",Other=2", ",Other=3", ",Other=4"};
  for (std::size_t i = 0; i < kSizes.size(); ++i) {
    db.add("base", {1}, 0.01, {kSizes[i]}, others[i]);
    db.add("a", {i < 2 ? 2.0 : 1.0}, 0.01, {kSizes[i]}, others[i]);
    db.add("b", {i < 2 ? 1.0 : 2.0}, 0.01, {kSizes[i]}, others[i]);
  }
  const auto result = db.select();
  REQUIRE(result.dispatch);
  CHECK(result.dispatch->axis.key == "Elements{io}[pow2]");
  DispatchOptions other;
  other.axis = "Other";
  CHECK(db.select(other).dispatch->axis.key == "Other");
  CHECK(db.select(other).dispatch->score == Approx(result.dispatch->score));
  // First seen in the first workload base measured, however later ones are written.
  for (auto& row : db.rows) {
    if (row.rt_workload == "Elements{io}[pow2]=8,Other=1") row.rt_workload = "Other=1,Elements{io}[pow2]=8";
  }
  CHECK(db.select().dispatch->axis.key == "Other");
}

TEST_CASE("only the sizes base measured successfully are split", "[dispatch]") {
  SECTION("base failed on one size; a variant measured one more") {
    Database db;
    db.add_base();
    db.add("a", {2, 2, 1, 1});
    db.add("b", {1, 1, 2, 2});
    db.add("a", {2}, 0.01, {"24"});
    for (auto& row : db.rows) {
      if (row.variant == "base" && row.rt_workload == "Elements{io}[pow2]=20") row.status = Status::run_failed;
    }
    const auto result = db.select();
    REQUIRE(result.dispatch);
    CHECK(result.dispatch->axis.values == std::vector<std::string>{"8", "12", "16"});
    CHECK(ranges_of(result) == std::vector<std::string>{"8..12=a", "16..16=b"});
  }
  SECTION("base's median on one size is zero") {
    Database db;
    db.add_base();
    db.add("a", {2, 2, 1, 1});
    db.add("b", {1, 1, 2, 2});
    for (auto& row : db.rows) {
      if (row.variant == "base" && row.rt_workload == "Elements{io}[pow2]=20") row.statistics.median = 0;
    }
    const auto result = db.select();
    REQUIRE(result.dispatch);
    CHECK(result.dispatch->axis.values == std::vector<std::string>{"8", "12", "16"});
  }
}

TEST_CASE("an axis with two numeric values is split; one with a non-numeric value is not", "[dispatch]") {
  SECTION("two values") {
    Database db;
    db.add("base", {1, 1}, 0.01, {"8", "12"});
    db.add("a", {2, 1}, 0.01, {"8", "12"});
    db.add("b", {1, 2}, 0.01, {"8", "12"});
    CHECK(ranges_of(db.select()) == std::vector<std::string>{"8..8=a", "12..12=b"});
  }
  SECTION("a second axis, numeric but for one value") {
    Database db;
    for (const std::string distribution : {",Distribution=1", ",Distribution=x"}) {
      db.add("base", {1, 1, 1, 1}, 0.01, kSizes, distribution);
      db.add("a", {2, 2, 1, 1}, 0.01, kSizes, distribution);
      db.add("b", {1, 1, 2, 2}, 0.01, kSizes, distribution);
    }
    const auto result = db.select();
    REQUIRE(result.dispatch);
    CHECK(result.dispatch->axis.key == "Elements{io}[pow2]");
    CHECK(ranges_of(result) == std::vector<std::string>{"8..12=a", "16..20=b"});
    DispatchOptions only;
    only.axis = "Distribution";
    CHECK_FALSE(db.select(only).dispatch);
  }
}

TEST_CASE("an axis without the [pow2] suffix is split by its values themselves", "[dispatch]") {
  for (const std::string axis : {"Segments", "[pow2]"}) {
    INFO(axis);
    Database db;
    db.add("base", {1, 1, 1, 1}, 0.01, {"100", "200", "300", "400"}, "", axis);
    db.add("a", {2, 2, 1, 1}, 0.01, {"100", "200", "300", "400"}, "", axis);
    db.add("b", {1, 1, 2, 2}, 0.01, {"100", "200", "300", "400"}, "", axis);
    const auto result = db.select();
    REQUIRE(result.dispatch);
    CHECK_FALSE(result.dispatch->axis.pow2);
    CHECK(result.dispatch->axis.name == axis);
    CHECK(result.dispatch->axis.runtime_value("300") == 300);
    CHECK(result.dispatch->axis.describe("300") == "300");
    CHECK(ranges_of(result) == std::vector<std::string>{"100..200=a", "300..400=b"});
  }
}

TEST_CASE("ties: the better-ranked variant serves a range; a size both neighbours serve equally goes to the upper one",
          "[dispatch]") {
  SECTION("two variants equally fast on a range") {
    Database db;
    db.add_base();
    db.add("a", {2, 2, 1, 1});
    db.add("c", {2, 2, 0.5, 0.5});  // as fast as a on 2^8..2^12, ranked below it
    db.add("d", {1, 1, 2, 2});
    CHECK(ranges_of(db.select()) == std::vector<std::string>{"8..12=a", "16..20=d"});
  }
  SECTION("two neighbouring ranges equally fast on the size between them") {
    Database db;
    db.add_base();
    db.add("a", {2, 1.5, 1, 1});
    db.add("b", {1, 1.5, 2, 2});
    CHECK(ranges_of(db.select()) == std::vector<std::string>{"8..8=a", "12..20=b"});
  }
}

TEST_CASE("analyze --dispatch's table widens to its longest span and variant, and lists every threshold",
          "[dispatch]") {
  const std::vector<std::string> sizes{"100", "200", "300", "400"};
  Database db;
  db.add("base", {1, 1, 1, 1}, 0.01, sizes, "", "N");
  db.add("a_long_variant_name", {2, 1, 1, 1}, 0.01, sizes, "", "N");
  db.add("b", {1, 2, 1, 1}, 0.01, sizes, "", "N");
  db.add("c", {1, 1, 2, 2}, 0.01, sizes, "", "N");
  const std::string text = format_dispatch(select_dispatches(group_by_workload(db.rows), {}));
  CHECK(text.find("  best dispatch over N: 3 ranges, score ") != std::string::npos);
  CHECK(text.find("    N         variant                 score  weight\n") != std::string::npos);
  CHECK(text.find("    100       a_long_variant_name  2.000000 ") != std::string::npos);
  CHECK(text.find("    300..400  c                    2.000000 ") != std::string::npos);
  CHECK(text.find("    threshold 100|200: ") != std::string::npos);
  CHECK(text.find("    threshold 200|300: ") != std::string::npos);

  Database one;
  one.add_base();
  one.add("slow", {0.5, 0.5, 0.5, 0.5});
  CHECK_THAT(format_dispatch(select_dispatches(group_by_workload(one.rows), {})),
             Catch::Contains("  best dispatch over Elements{io}[pow2]: 1 range, score 1.000000\n"));
}
