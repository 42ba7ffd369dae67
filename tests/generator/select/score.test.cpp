#include "select/score.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>

using namespace policytune;
using Catch::Detail::Approx;

namespace {

// Owns the measurements a test scores; score_workload takes pointers.
struct Rows {
  std::deque<Measurement> owned;
  std::vector<const Measurement*> pointers;

  void add(const std::string& variant, const std::string& rt, double median, Status status = Status::ok,
           const std::string& entry = "base") {
    Measurement m;
    m.variant = variant;
    m.entry = entry;
    m.rt_workload = rt;
    m.status = status;
    m.statistics.count = 10;
    m.statistics.median = median;
    owned.push_back(m);
    pointers.push_back(&owned.back());
  }
};

const VariantScore& find(const ScoredWorkload& scored, const std::string& variant) {
  for (const auto& score : scored.ranked) {
    if (score.variant == variant) return score;
  }
  FAIL("variant " << variant << " not ranked");
  throw;
}

}  // namespace

TEST_CASE("importance weights follow CUB's curve from 0.6 towards 0.999", "[score]") {
  // Hand-computed: begin = -ln(0.4) = 0.916291, end = -ln(0.001) = 6.907755, step = (end-begin)/n.
  const auto three = importance_weights(3);
  REQUIRE(three.size() == 3);
  CHECK(three[0] == Approx(0.6));
  CHECK(three[1] == Approx(1 - 0.4 * std::exp(-(6.907755 - 0.916291) / 3)));      // 0.946
  CHECK(three[2] == Approx(1 - 0.4 * std::exp(-2 * (6.907755 - 0.916291) / 3)));  // 0.9929
  CHECK(three[1] == Approx(0.945712).epsilon(1e-5));
  // Two values: 0.6 and 1 - 0.4 * e^-(end-begin)/2 = 1 - 0.4 * 0.05 = 0.98.
  CHECK(importance_weights(2)[1] == Approx(0.98));
  REQUIRE(importance_weights(1).size() == 1);
  CHECK(importance_weights(1)[0] == Approx(0.6));
}

TEST_CASE("weights sum to one; io axes weigh later values more, other axes equally", "[score]") {
  const auto weights =
      workload_weights({{"base", "Elements{io}=16"}, {"base", "Elements{io}=20"}, {"base", "Elements{io}=24"}});
  const double total = 0.6 + 0.945712 + 0.992631;  // 1 - 0.4 e^-(k (end-begin)/3)
  CHECK(weights.at({"base", "Elements{io}=16"}) == Approx(0.6 / total).epsilon(1e-4));
  CHECK(weights.at({"base", "Elements{io}=24"}) == Approx(0.992631 / total).epsilon(1e-4));
  const auto equal = workload_weights({{"base", "Entropy=0.5"}, {"base", "Entropy=1.0"}});
  CHECK(equal.at({"base", "Entropy=0.5"}) == Approx(0.5));
  CHECK(equal.at({"base", "Entropy=1.0"}) == Approx(0.5));
}

TEST_CASE("io values are ordered numerically, not by text", "[score]") {
  // "8" < "16" numerically; as text "16" < "8".
  const auto weights = workload_weights({{"b", "Elements{io}=16"}, {"b", "Elements{io}=8"}});
  CHECK(weights.at({"b", "Elements{io}=16"}) > weights.at({"b", "Elements{io}=8"}));
}

TEST_CASE("weights multiply across axes and normalise across entries", "[score]") {
  const auto weights = workload_weights({
      {"keys", "Elements{io}=16,Entropy=1"},
      {"keys", "Elements{io}=20,Entropy=1"},
      {"keys", "Elements{io}=16,Entropy=0"},
      {"keys", "Elements{io}=20,Entropy=0"},
      {"pairs", "Elements{io}=16"},
  });
  const auto w2 = importance_weights(2);
  const double total = 2 * w2[0] + 2 * w2[1] + importance_weights(1)[0];
  CHECK(weights.at({"keys", "Elements{io}=20,Entropy=0"}) == Approx(w2[1] / total));
  CHECK(weights.at({"pairs", "Elements{io}=16"}) == Approx(0.6 / total));
  double sum = 0;
  for (const auto& [key, weight] : weights) sum += weight;
  CHECK(sum == Approx(1.0));
}

TEST_CASE("score is the weighted sum of base/variant median speedups", "[score]") {
  Rows rows;
  rows.add("base", "Elements{io}=16", 10.0);
  rows.add("base", "Elements{io}=20", 20.0);
  rows.add("fast", "Elements{io}=16", 5.0);   // speedup 2
  rows.add("fast", "Elements{io}=20", 80.0);  // speedup 0.25
  const auto scored = score_workload(rows.pointers);
  REQUIRE(scored.problem.empty());
  REQUIRE(scored.ranked.size() == 2);
  const double expected = (0.6 * 2.0 + 0.98 * 0.25) / (0.6 + 0.98);  // 0.9146
  const auto& fast = find(scored, "fast");
  CHECK(fast.score == Approx(expected));
  CHECK(fast.min == Approx(0.25));
  CHECK(fast.max == Approx(2.0));
  CHECK(fast.mean == Approx(1.125));  // unweighted, it would look like a win
  CHECK(find(scored, "base").score == Approx(1.0));
  // Later sizes weigh more, so the regression at 2^20 outweighs the gain at 2^16.
  CHECK(scored.ranked.front().variant == "base");
}

TEST_CASE("variants that fail or miss a runtime workload are not ranked", "[score]") {
  Rows rows;
  rows.add("base", "n=1", 10.0);
  rows.add("base", "n=2", 10.0);
  rows.add("good", "n=1", 5.0);
  rows.add("good", "n=2", 5.0);
  rows.add("partial", "n=1", 1.0);
  rows.add("wrong", "n=1", 1.0, Status::wrong_result);
  rows.add("wrong", "n=2", 1.0);
  rows.add("broken", "", 0.0, Status::build_failed);
  const auto scored = score_workload(rows.pointers);
  REQUIRE(scored.ranked.size() == 2);
  CHECK(scored.ranked[0].variant == "good");
  CHECK(scored.ranked[0].score == Approx(2.0));
  CHECK(scored.ranked[1].variant == "base");
  CHECK(scored.unranked == 3);
}

TEST_CASE("a variant that fails where base failed too is not ranked: a failure is never excused", "[score]") {
  Rows rows;
  rows.add("base", "n=1", 10.0);
  rows.add("base", "n=2", 10.0);
  rows.add("base", "n=3", 0.0, Status::run_failed);  // base cannot run the largest size
  rows.add("good", "n=1", 5.0);
  rows.add("good", "n=2", 5.0);
  rows.add("good", "n=3", 4.0);
  rows.add("also_fails", "n=1", 2.0);
  rows.add("also_fails", "n=2", 2.0);
  rows.add("also_fails", "n=3", 0.0, Status::run_failed);
  const auto scored = score_workload(rows.pointers);
  REQUIRE(scored.ranked.size() == 2);
  CHECK(scored.ranked[0].variant == "good");
  CHECK(scored.ranked[0].score == Approx(2.0));  // scored over base's sizes only
  CHECK(scored.ranked[1].variant == "base");
  CHECK(scored.unranked == 1);
}

TEST_CASE("scores over several entries of one file share one weighting", "[score]") {
  Rows rows;
  rows.add("base", "n=1", 10.0, Status::ok, "sum");
  rows.add("base", "n=1", 10.0, Status::ok, "max");
  rows.add("v", "n=1", 5.0, Status::ok, "sum");   // 2x
  rows.add("v", "n=1", 10.0, Status::ok, "max");  // 1x
  const auto scored = score_workload(rows.pointers);
  CHECK(find(scored, "v").score == Approx(1.5));
}

TEST_CASE("without a successful base nothing is scored", "[score]") {
  Rows rows;
  rows.add("v", "n=1", 5.0);
  CHECK(score_workload(rows.pointers).problem == "base was not measured");
  rows.add("base", "n=1", 0.0, Status::run_failed);
  const auto scored = score_workload(rows.pointers);
  CHECK(scored.problem == "base has no successful measurement");
  CHECK(scored.ranked.empty());
}

TEST_CASE("variants with equal scores are ranked by name", "[score]") {
  Rows rows;
  rows.add("base", "n=1", 10.0);
  rows.add("base", "n=2", 10.0);
  // The same speedups, so the same score to the last bit: only the tie-break orders them.
  for (const std::string variant : {"ipt_9", "ipt_3", "ipt_5"}) {
    rows.add(variant, "n=1", 5.0);
    rows.add(variant, "n=2", 5.0);
  }
  const auto scored = score_workload(rows.pointers);
  REQUIRE(scored.ranked.size() == 4);
  CHECK(scored.ranked[0].variant == "ipt_3");
  CHECK(scored.ranked[1].variant == "ipt_5");
  CHECK(scored.ranked[2].variant == "ipt_9");
  CHECK(scored.ranked[0].score == scored.ranked[2].score);
  CHECK(scored.ranked[3].variant == "base");
}

TEST_CASE("io values keep their first-seen order unless every one is a number; equal numbers keep it too", "[score]") {
  const auto w2 = importance_weights(2);
  // An empty value is not a number: first seen, first weighted.
  const auto mixed = workload_weights({{"b", "Elements{io}=8"}, {"b", "Elements{io}="}});
  CHECK(mixed.at({"b", "Elements{io}=8"}) == Approx(w2[0] / (w2[0] + w2[1])));
  CHECK(mixed.at({"b", "Elements{io}="}) == Approx(w2[1] / (w2[0] + w2[1])));
  const auto equal = workload_weights({{"b", "Elements{io}=16.0"}, {"b", "Elements{io}=16"}});
  CHECK(equal.at({"b", "Elements{io}=16.0"}) == Approx(w2[0] / (w2[0] + w2[1])));
  CHECK(equal.at({"b", "Elements{io}=16"}) == Approx(w2[1] / (w2[0] + w2[1])));
}

TEST_CASE("medians are seconds: a small one is a measurement, zero is none", "[score]") {
  Rows rows;
  rows.add("base", "n=1", 2e-6);
  rows.add("base", "n=2", 2e-6);
  rows.add("base", "n=3", 0.0);  // ok but not measured: not a workload the score sums over
  rows.add("fast", "n=1", 1e-6);
  rows.add("fast", "n=2", 1e-6);
  rows.add("zero", "n=1", 1e-6);
  rows.add("zero", "n=2", 0.0);  // no measurement where base has one: not ranked
  const auto scored = score_workload(rows.pointers);
  REQUIRE(scored.problem.empty());
  REQUIRE(scored.ranked.size() == 2);
  CHECK(scored.ranked[0].variant == "fast");
  CHECK(scored.ranked[0].score == Approx(2.0));
  CHECK(scored.ranked[1].variant == "base");
  CHECK(scored.unranked == 1);
}

TEST_CASE("without a successful base every other variant is unranked", "[score]") {
  Rows rows;
  rows.add("a", "n=1", 5.0);
  rows.add("b", "n=1", 5.0);
  CHECK(score_workload(rows.pointers).unranked == 2);
  rows.add("base", "n=1", 0.0, Status::run_failed);
  const auto scored = score_workload(rows.pointers);
  CHECK(scored.problem == "base has no successful measurement");
  CHECK(scored.unranked == 2);
}

// CUB's own score tests (CCCL's benchmarks/scripts/tests/test_score.py) checked here: the weights
// come from the runtime axis the benchmark declares, not from the values base happened to measure.
namespace {

const DeclaredAxes kDeclared{{"base", {{"Elements{io}[pow2]", {"16", "20", "24", "28"}}}}};

double declared_weight(const std::string& value) {
  const auto weights = importance_weights(4);
  const std::vector<std::string> values{"16", "20", "24", "28"};
  return weights[std::find(values.begin(), values.end(), value) - values.begin()];
}

// The score of a variant with the given speedups (value -> base/variant) over the values it lists.
double score_of(const std::map<std::string, double>& speedups, const DeclaredAxes& declared = kDeclared) {
  Rows rows;
  for (const auto& [value, speedup] : speedups) {
    rows.add("base", "Elements{io}[pow2]=" + value, 1.0);
    rows.add("v", "Elements{io}[pow2]=" + value, 1.0 / speedup);
  }
  return find(score_workload(rows.pointers, declared), "v").score;
}

}  // namespace

TEST_CASE("the score is the mean of the speedups weighted by the declared axis", "[score][cub]") {
  const std::map<std::string, double> speedups{{"16", 0.5}, {"20", 1.0}, {"24", 1.5}, {"28", 2.0}};
  double weighted = 0, total = 0;
  for (const auto& [value, speedup] : speedups) {
    weighted += declared_weight(value) * speedup;
    total += declared_weight(value);
  }
  CHECK(score_of(speedups) == Approx(weighted / total));
}

TEST_CASE("a variant on par with base scores one whatever was skipped", "[score][cub]") {
  for (const auto& measured :
       std::vector<std::vector<std::string>>{{"16", "20", "24", "28"}, {"24", "28"}, {"16", "28"}, {"28"}}) {
    std::map<std::string, double> speedups;
    for (const auto& value : measured) speedups[value] = 1.0;
    CHECK(score_of(speedups) == Approx(1.0));
  }
}

TEST_CASE("the relative importance of two sizes does not depend on what was skipped", "[score][cub]") {
  // Measured: 2^24 and 2^28 only. Doubling one speedup raises the score by that size's share of
  // the declared weight of the two; weighed as measured, 2^24 would fall to the least importance.
  const double total = declared_weight("24") + declared_weight("28");
  for (const std::string value : {"24", "28"}) {
    std::map<std::string, double> speedups{{"24", 1.0}, {"28", 1.0}};
    speedups[value] = 2.0;
    CHECK(score_of(speedups) - 1.0 == Approx(declared_weight(value) / total));
  }
}

TEST_CASE("narrowing a search with -a does not change the weights", "[score][cub]") {
  // Whether the search asked for all four sizes or only those measured, the score is the same:
  // the declared axis, not the narrowing, places each value.
  const std::map<std::string, double> measured{{"24", 1.0}, {"28", 2.0}};
  const double full = score_of(measured);
  CHECK(full == Approx((declared_weight("24") * 1.0 + declared_weight("28") * 2.0) /
                       (declared_weight("24") + declared_weight("28"))));
  // Weighed over what was measured, 2^24 and 2^28 would split 38/62 instead of nearly 50/50.
  const auto as_measured = importance_weights(2);
  CHECK(score_of(measured, {}) ==
        Approx((as_measured[0] * 1.0 + as_measured[1] * 2.0) / (as_measured[0] + as_measured[1])));
  CHECK(full < score_of(measured, {}));
}

TEST_CASE("a uniformly faster variant beats one that trades a regression", "[score][cub]") {
  const std::map<std::string, double> regressing{{"24", 0.90}, {"28", 1.20}};
  const std::map<std::string, double> uniform{{"24", 1.05}, {"28", 1.08}};
  CHECK(score_of(uniform) > score_of(regressing));
  // Without the declared axis (results stored before it was kept), 2^24 falls to the least
  // importance and the regressing variant would win: the case CUB's test guards against.
  CHECK(score_of(regressing, {}) > score_of(uniform, {}));
}

TEST_CASE("a measured value the declared axes lack: the measured values stand in for them", "[score][cub]") {
  // Declared axes of another source version, or of another entry: they cannot place 2^22.
  const std::map<std::string, double> speedups{{"22", 1.0}, {"28", 2.0}};
  CHECK(score_of(speedups) == Approx(score_of(speedups, {})));
  const DeclaredAxes other_entry{{"other", kDeclared.at("base")}};
  const std::map<std::string, double> declared_values{{"24", 1.0}, {"28", 2.0}};
  CHECK(score_of(declared_values, other_entry) == Approx(score_of(declared_values, {})));
}

TEST_CASE("the weights a score used are kept with it, over base's measured workloads", "[score][cub]") {
  Rows rows;
  rows.add("base", "Elements{io}[pow2]=24", 1.0);
  rows.add("base", "Elements{io}[pow2]=28", 1.0);
  const auto scored = score_workload(rows.pointers, kDeclared);
  REQUIRE(scored.weights.size() == 2);
  const double total = declared_weight("24") + declared_weight("28");
  CHECK(scored.weights.at({"base", "Elements{io}[pow2]=24"}) == Approx(declared_weight("24") / total));
  CHECK(scored.weights.at({"base", "Elements{io}[pow2]=28"}) == Approx(declared_weight("28") / total));
}
