// The confirmation round on modelled measurements: no test here times anything. A model machine
// gives every variant a true time per runtime workload and slows whatever runs by a load that
// drifts with each run, as other work on a busy machine does.
#include "search/confirmation.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "select/select_winners.hpp"
#include "space/search_space.hpp"
#include "store/in_memory_store.hpp"

using namespace policytune;

namespace {

const std::string kSpaceText = "// %RANGE% TUNE_X x 1:6:1\n";
const std::vector<std::string> kConfirmationSizes{"N=1000", "N=4000"};

Measurement confirmation_row(const std::string& variant, const std::string& rt_workload, double median) {
  Measurement m;
  m.algorithm = "sum";
  m.benchmark = "sum.model";
  m.device = {"model machine", 2, 0, false, "", "6.1"};
  m.toolkit = "GCC 12";
  m.library = "host";
  m.source_hash = "feedfacefeedface";
  m.ct_workload = "T{ct}=I32";
  m.variant = variant;
  m.entry = "sum";
  m.rt_workload = rt_workload;
  m.statistics = {100, median, median, median * 0.005, median * 0.99, median * 1.01};
  m.recorded_at = "2026-11-20T10:00:00Z";
  return m;
}

MeasurementScope scope() {
  const Measurement m = confirmation_row("base", "", 0);
  return {m.benchmark, m.device, m.toolkit, m.library, m.source_hash, m.ct_workload};
}

// What the search stored: one median per variant and runtime workload (seconds).
void store_search(InMemoryStore& store, const std::map<std::string, std::vector<double>>& medians) {
  for (const auto& [variant, times] : medians) {
    for (std::size_t i = 0; i < kConfirmationSizes.size(); ++i)
      store.record(confirmation_row(variant, kConfirmationSizes[i], times[i]));
  }
}

// The model machine: each run takes the variant's true time times a load that grows by `drift`
// per run; it remembers the order it ran things in.
class ModelMachine final : public FinalistRunner {
public:
  ModelMachine(std::map<std::string, std::vector<double>> truth, double drift)
      : truth_(std::move(truth)), drift_(drift) {}

  bool prepare(const std::vector<std::string>& variants, std::string& why) override {
    prepared = variants;
    if (!refuse.empty()) why = refuse;
    return refuse.empty();
  }

  std::vector<Measurement> run(const std::string& variant) override {
    const double load = 1 + drift_ * static_cast<double>(ran.size());
    ran.push_back(variant);
    if (vanishing.count(variant) != 0 && ran.size() >= fail_from_run) return {};  // its binary is gone
    std::vector<Measurement> rows;
    for (std::size_t i = 0; i < kConfirmationSizes.size(); ++i) {
      rows.push_back(confirmation_row(variant, kConfirmationSizes[i], truth_.at(variant)[i] * load));
      if (failing_runs.count(variant) != 0 && ran.size() >= fail_from_run) {
        rows.back().status = Status::run_failed;
        rows.back().reason = "signal 11";
        rows.back().statistics = {};
      }
    }
    return rows;
  }

  std::vector<std::string> prepared;
  std::vector<std::string> ran;
  std::string refuse;                  // prepare() fails with this reason when set
  std::set<std::string> failing_runs;  // these fail every run from the fail_from_run-th (counted from 1) on
  std::set<std::string> vanishing;     // these give no rows (the machine's fault) from fail_from_run on
  std::size_t fail_from_run = 1;

private:
  std::map<std::string, std::vector<double>> truth_;
  double drift_;
};

std::vector<const Measurement*> pointers_to(const std::vector<Measurement>& rows) {
  std::vector<const Measurement*> pointers;
  for (const auto& m : rows) pointers.push_back(&m);
  return pointers;
}

// The variant `generate` renders for the model's workload from what `store` holds.
std::string rendered_winner(InMemoryStore& store) {
  const SearchSpace space = parse_search_space(kSpaceText, "model.cpp");
  const auto links = select_winners(store.measurements(), space, WinnerOptions{"sum.model", "feedfacefeedface"});
  REQUIRE(links.size() == 1);
  REQUIRE(links.front().workloads.size() == 1);
  return links.front().workloads.front().variant_name;
}

}  // namespace

TEST_CASE("a ranking the search got wrong on a busy machine is corrected by the interleaved confirmation",
          "[confirmation]") {
  // The search measured x_2 while the machine was busy: 1.6x slower than it is. x_1 looked best.
  InMemoryStore store;
  store_search(store, {{"base", {1.0e-3, 4.0e-3}}, {"x_1", {0.95e-3, 3.8e-3}}, {"x_2", {1.36e-3, 5.44e-3}}});
  REQUIRE(rendered_winner(store) == "x_1");

  // Measured side by side, x_2 is the fastest; the load drifts by 2% a run throughout.
  ModelMachine machine({{"base", {1.0e-3, 4.0e-3}}, {"x_1", {0.95e-3, 3.8e-3}}, {"x_2", {0.85e-3, 3.4e-3}}}, 0.02);
  const auto said = confirm_workload(store, {scope(), {}, {3, 3}}, machine);
  REQUIRE(said);
  CHECK_THAT(*said, Catch::StartsWith("confirmation: ranking changed: x_2 was 0.735, now "));
  CHECK_THAT(*said, Catch::Contains("; winner now x_2"));
  CHECK(rendered_winner(store) == "x_2");  // what generate renders follows the confirmation

  for (const auto& m : store.measurements()) {
    CHECK(m.confirmed_rounds == 3);
    CHECK(m.statistics.count == 300);  // three rounds of 100 samples
  }
  CHECK(machine.prepared == std::vector<std::string>{"x_1", "x_2"});
}

TEST_CASE("finalists that swap places by less than their rounds disagree are a tie, not a ranking change",
          "[confirmation]") {
  // The search put x_1 ahead of x_2 by 1%; side by side x_2 is 0.5% faster, and the load drifts by
  // 1% a run, so each finalist's three rounds disagree by a few percent.
  InMemoryStore store;
  store_search(store, {{"base", {1.0e-3, 4.0e-3}}, {"x_1", {0.90e-3, 3.6e-3}}, {"x_2", {0.909e-3, 3.636e-3}}});
  ModelMachine machine({{"base", {1.0e-3, 4.0e-3}}, {"x_1", {0.905e-3, 3.62e-3}}, {"x_2", {0.90e-3, 3.6e-3}}}, 0.01);
  const auto said = confirm_workload(store, {scope(), {}, {3, 3}}, machine);
  REQUIRE(said);
  CHECK_THAT(*said, Catch::Matches("confirmation: ranking held within the rounds' noise \\(x_2 and x_1 [0-9.]+% apart, "
                                   "noise [0-9.]+%; base and 2 finalists, 3 interleaved rounds; winner now x_2\\);.*"));

  // The same swap without drift: the rounds agree exactly, so any swap is a change.
  InMemoryStore quiet_store;
  store_search(quiet_store, {{"base", {1.0e-3, 4.0e-3}}, {"x_1", {0.90e-3, 3.6e-3}}, {"x_2", {0.909e-3, 3.636e-3}}});
  ModelMachine quiet({{"base", {1.0e-3, 4.0e-3}}, {"x_1", {0.905e-3, 3.62e-3}}, {"x_2", {0.90e-3, 3.6e-3}}}, 0);
  const auto quiet_said = confirm_workload(quiet_store, {scope(), {}, {3, 3}}, quiet);
  REQUIRE(quiet_said);
  CHECK_THAT(*quiet_said, Catch::StartsWith("confirmation: ranking changed: x_2 was "));
}

TEST_CASE("round noise: the standard error of the rounds' medians, the largest over runtime workloads",
          "[confirmation]") {
  const auto run = [](double small, double large) {
    return std::vector<Measurement>{confirmation_row("x_1", kConfirmationSizes[0], small),
                                    confirmation_row("x_1", kConfirmationSizes[1], large)};
  };
  // N=1000's medians 0.9, 1.0 and 1.1: a spread of 0.1 around 1.0, over the square root of 3.
  CHECK(round_noise({run(0.9, 4.0), run(1.0, 4.0), run(1.1, 4.0)}) == Approx(0.1 / std::sqrt(3.0)));
  CHECK(round_noise({run(1.0, 4.0), run(1.0, 4.4)}) == Approx(std::sqrt(0.08) / 4.2 / std::sqrt(2.0)));
  CHECK(round_noise({run(1.0, 4.0)}) == 0);  // one round: nothing to compare
  auto failed = run(5.0, 5.0);
  for (auto& m : failed) m.status = Status::run_failed;
  CHECK(round_noise({run(1.0, 4.0), failed}) == 0);  // a failed round does not count
}

TEST_CASE("the finalists run in alternating order, base first", "[confirmation]") {
  InMemoryStore store;
  store_search(store,
               {{"base", {1e-3, 4e-3}}, {"x_1", {0.9e-3, 3.6e-3}}, {"x_2", {0.95e-3, 3.8e-3}}, {"x_3", {2e-3, 8e-3}}});
  ModelMachine machine({{"base", {1e-3, 4e-3}}, {"x_1", {0.9e-3, 3.6e-3}}, {"x_2", {0.95e-3, 3.8e-3}}}, 0);
  const auto said = confirm_workload(store, {scope(), {}, {2, 4}}, machine);
  CHECK(machine.ran == std::vector<std::string>{"base", "x_1", "x_2", "x_2", "x_1", "base", "base", "x_1", "x_2", "x_2",
                                                "x_1", "base"});
  REQUIRE(said);
  CHECK_THAT(*said,
             Catch::StartsWith("confirmation: ranking held (base and 2 finalists, 4 interleaved rounds; winner x_1)"));
  // x_3 is no finalist: measured once, it can no longer win this workload.
  for (const auto& m : store.measurements()) CHECK(m.confirmed_rounds == (m.variant == "x_3" ? 0 : 4));
}

TEST_CASE("a variant the confirmation did not re-measure does not overtake the confirmed finalists", "[confirmation]") {
  // x_3 was measured while the machine was quiet and base while it was busy: against the
  // confirmed (quiet) base... and here the confirmed base is slower than the stored one, which
  // lifts every score measured against the old base.
  InMemoryStore store;
  store_search(store, {{"base", {1.0e-3, 4.0e-3}}, {"x_1", {0.8e-3, 3.2e-3}}, {"x_3", {0.9e-3, 3.6e-3}}});
  ModelMachine machine({{"base", {1.3e-3, 5.2e-3}}, {"x_1", {1.2e-3, 4.8e-3}}}, 0);
  REQUIRE(confirm_workload(store, {scope(), {}, {1, 3}}, machine));
  // Now x_3's stored medians beat base by 1.44x against x_1's confirmed 1.08x, but x_3 was never
  // measured beside them.
  CHECK(rendered_winner(store) == "x_1");
}

TEST_CASE("the confirmation says every score it changed: the finalists' and, by base, the others'", "[confirmation]") {
  // The search scored x_1 1.25 and x_3 1.111 against a base of 1 ms; side by side base takes 1.3 ms,
  // so every score stored against it is 1.3x the search's: x_3's too, which was not measured again.
  InMemoryStore store;
  store_search(store, {{"base", {1.0e-3, 4.0e-3}}, {"x_1", {0.8e-3, 3.2e-3}}, {"x_3", {0.9e-3, 3.6e-3}}});
  ModelMachine machine({{"base", {1.3e-3, 5.2e-3}}, {"x_1", {1.2e-3, 4.8e-3}}}, 0);
  const auto said = confirm_workload(store, {scope(), {}, {1, 3}}, machine);
  REQUIRE(said);
  CHECK_THAT(*said, Catch::EndsWith("; scores against base measured again: x_1 1.083 (1.250 in the search); "
                                    "the 1 variant not confirmed x1.30 of its search's score by the same base"));

  // Without a variant left out, only the finalists' scores are said.
  InMemoryStore two;
  store_search(two, {{"base", {1.0e-3, 4.0e-3}}, {"x_1", {0.8e-3, 3.2e-3}}});
  ModelMachine same({{"base", {1.0e-3, 4.0e-3}}, {"x_1", {0.8e-3, 3.2e-3}}}, 0);
  const auto held = confirm_workload(two, {scope(), {}, {1, 3}}, same);
  REQUIRE(held);
  CHECK_THAT(*held, Catch::EndsWith("; scores against base measured again: x_1 1.250 (1.250 in the search)"));
}

TEST_CASE("the fastest variant of a runtime workload is a finalist too, for a size dispatch", "[confirmation]") {
  InMemoryStore store;
  // x_4 ranks last overall but is by far the fastest at N=1000.
  store_search(
      store, {{"base", {1e-3, 4e-3}}, {"x_1", {0.9e-3, 3.0e-3}}, {"x_2", {0.95e-3, 3.2e-3}}, {"x_4", {0.8e-3, 12e-3}}});
  const auto rows = store.measurements();
  CHECK(pick_finalists(pointers_to(rows), {}, 1) == std::vector<std::string>{"base", "x_1", "x_4"});
  CHECK(pick_finalists(pointers_to(rows), {}, 3) == std::vector<std::string>{"base", "x_1", "x_2", "x_4"});
  CHECK(pick_finalists(pointers_to(rows), {}, 0).empty());

  // The per-size winner the search stored was a busy-machine artefact: the line says so.
  ModelMachine machine({{"base", {1e-3, 4e-3}}, {"x_1", {0.9e-3, 3.0e-3}}, {"x_4", {1.2e-3, 8e-3}}}, 0);
  const auto said = confirm_workload(store, {scope(), {}, {1, 3}}, machine);
  REQUIRE(said);
  CHECK_THAT(*said, Catch::Contains("fastest finalist changed at 1 of 2 runtime workloads (N=1000: x_4 -> x_1)"));
}

TEST_CASE("a confirmed workload is not confirmed again; new finalists are, and old ones lose the mark",
          "[confirmation]") {
  InMemoryStore store;
  store_search(store, {{"base", {1e-3, 4e-3}}, {"x_1", {0.9e-3, 3.6e-3}}, {"x_2", {0.95e-3, 3.8e-3}}});
  ModelMachine first({{"base", {1e-3, 4e-3}}, {"x_1", {0.9e-3, 3.6e-3}}, {"x_2", {0.95e-3, 3.8e-3}}}, 0);
  REQUIRE(confirm_workload(store, {scope(), {}, {1, 3}}, first));
  CHECK(first.prepared == std::vector<std::string>{"x_1"});

  // Resumed with everything stored: nothing is built or run.
  ModelMachine resumed({}, 0);
  CHECK_FALSE(confirm_workload(store, {scope(), {}, {1, 3}}, resumed));
  CHECK(resumed.ran.empty());

  // Run again, measuring nothing: even where the pooled rows now let another variant into the
  // finalists (x_2 ranks second once x_1 is confirmed slower), nothing is built or run.
  for (const auto& size : {0, 1}) {
    Measurement slower = confirmation_row("x_1", kConfirmationSizes[size], size == 0 ? 0.99e-3 : 3.96e-3);
    slower.confirmed_rounds = 3;
    store.record(slower);
  }
  ModelMachine unchanged({}, 0);
  CHECK_FALSE(confirm_workload(store, {scope(), {}, {2, 3}, false}, unchanged));
  CHECK(unchanged.ran.empty());
  // The same store, had the search measured something: x_2 is a new finalist and is confirmed.
  ModelMachine measuring({{"base", {1e-3, 4e-3}}, {"x_1", {0.9e-3, 3.6e-3}}, {"x_2", {0.95e-3, 3.8e-3}}}, 0);
  REQUIRE(confirm_workload(store, {scope(), {}, {2, 3}, true}, measuring));
  CHECK(measuring.prepared == std::vector<std::string>{"x_2", "x_1"});

  // A search that went on found x_5 best: it is confirmed with base, and x_1 is no longer.
  for (const auto& size : {0, 1})
    store.record(confirmation_row("x_5", kConfirmationSizes[size], size == 0 ? 0.7e-3 : 2.8e-3));
  ModelMachine later({{"base", {1e-3, 4e-3}}, {"x_5", {0.7e-3, 2.8e-3}}}, 0);
  REQUIRE(confirm_workload(store, {scope(), {}, {1, 3}}, later));
  CHECK(later.prepared == std::vector<std::string>{"x_5"});
  for (const auto& m : store.measurements()) {
    CHECK(m.confirmed_rounds == (m.variant == "base" || m.variant == "x_5" ? 3 : 0));
  }
}

TEST_CASE("confirmation is off with no finalists, and stores nothing when the finalists cannot run", "[confirmation]") {
  InMemoryStore store;
  store_search(store, {{"base", {1e-3, 4e-3}}, {"x_1", {0.9e-3, 3.6e-3}}});
  ModelMachine off({}, 0);
  CHECK_FALSE(confirm_workload(store, {scope(), {}, {0, 3}}, off));
  CHECK(off.ran.empty());

  ModelMachine broken({}, 0);
  broken.refuse = "x_1 did not build again: build_failed: error";
  CHECK(confirm_workload(store, {scope(), {}, {3, 3}}, broken) ==
        "confirmation: not done: x_1 did not build again: build_failed: error");
  for (const auto& m : store.measurements()) CHECK(m.confirmed_rounds == 0);

  InMemoryStore only_base;
  store_search(only_base, {{"base", {1e-3, 4e-3}}});
  CHECK_FALSE(confirm_workload(only_base, {scope(), {}, {3, 3}}, off));
}

TEST_CASE("a finalist whose binary vanished in a round keeps its search rows, unconfirmed; the others are confirmed",
          "[confirmation]") {
  InMemoryStore store;
  store_search(store, {{"base", {1e-3, 4e-3}}, {"x_1", {0.9e-3, 3.6e-3}}, {"x_2", {0.95e-3, 3.8e-3}}});
  ModelMachine machine({{"base", {1e-3, 4e-3}}, {"x_1", {0.9e-3, 3.6e-3}}, {"x_2", {0.95e-3, 3.8e-3}}}, 0);
  machine.vanishing = {"x_1"};
  machine.fail_from_run = 5;  // round 2: x_1's second run finds no binary
  const auto said = confirm_workload(store, {scope(), {}, {3, 3}}, machine);
  REQUIRE(said);
  CHECK_THAT(*said, Catch::EndsWith("; not confirmed (not measured in every round): x_1"));
  for (const auto& m : store.measurements()) {
    INFO(m.variant << " " << m.rt_workload);
    CHECK(m.confirmed_rounds == (m.variant == "x_1" ? 0 : 3));
    if (m.variant == "x_1") {
      CHECK(m.status == Status::ok);
      CHECK(m.statistics.count == 100);  // the search's row, not a pool of fewer rounds
    }
  }
}

TEST_CASE("rounds pool into one row per runtime workload: median of medians, all samples", "[confirmation]") {
  auto run_of = [](double median, std::int64_t count, double mean, double stddev) {
    Measurement m = confirmation_row("x_1", "N=1000", median);
    m.statistics = {count, median, mean, stddev, median / 2, median * 2};
    m.bytes_per_second = 1000 / median;  // 1000 bytes
    return std::vector<Measurement>{m};
  };
  const auto pooled = pool_rounds({run_of(3, 10, 3, 0), run_of(1, 30, 1, 0), run_of(2, 10, 2, 0)});
  REQUIRE(pooled.size() == 1);
  const SampleStatistics& s = pooled.front().statistics;
  CHECK(s.median == 2);
  CHECK(s.count == 50);
  CHECK(s.mean == Approx((30.0 + 30 + 20) / 50));
  CHECK(s.stddev ==
        Approx(std::sqrt((10 * 1.4 * 1.4 + 30 * 0.6 * 0.6 + 10 * 0.4 * 0.4) / 50)));  // spread between rounds
  CHECK(s.min == 0.5);
  CHECK(s.max == 6);
  CHECK(*pooled.front().bytes_per_second == Approx(500));
  CHECK(pooled.front().confirmed_rounds == 3);

  // A failure in any round is the row; a run that failed as a whole stands for every workload.
  auto wrong = run_of(1, 10, 1, 0);
  wrong.front().status = Status::wrong_result;
  wrong.front().reason = "mismatch at 7";
  const auto with_failure = pool_rounds({run_of(1, 10, 1, 0), wrong});
  CHECK(with_failure.front().status == Status::wrong_result);
  CHECK(with_failure.front().reason == "mismatch at 7");
  Measurement crashed = confirmation_row("x_1", "", 0);
  crashed.status = Status::run_failed;
  crashed.reason = "signal 11";
  const auto with_crash = pool_rounds({run_of(1, 10, 1, 0), {crashed}});
  REQUIRE(with_crash.size() == 1);
  CHECK(with_crash.front().rt_workload.empty());
  CHECK(with_crash.front().status == Status::run_failed);
  CHECK(with_crash.front().confirmed_rounds == 2);
}

TEST_CASE("a confirmation in which base fails stops and stores nothing: there is nothing to compare with",
          "[confirmation]") {
  InMemoryStore store;
  const std::map<std::string, std::vector<double>> truth{{"base", {1e-3, 4e-3}}, {"x_1", {0.9e-3, 3.6e-3}}};
  store_search(store, truth);
  const auto before = store.measurements();
  ModelMachine machine(truth, 0);
  machine.failing_runs = {"base"};
  machine.fail_from_run = 3;  // base runs well in the first round and fails in the second (base, x_1; x_1, base)
  const auto said = confirm_workload(store, {scope(), {}, {1, 3}}, machine);
  REQUIRE(said);
  CHECK(*said == "confirmation: not done: base: run_failed: signal 11");
  // Nothing of the rounds was stored: the search's rows stand, none marked confirmed.
  const auto after = store.measurements();
  REQUIRE(after.size() == before.size());
  for (std::size_t i = 0; i < after.size(); ++i) {
    CHECK(after[i].statistics.median == before[i].statistics.median);
    CHECK(after[i].confirmed_rounds == 0);
  }
}
