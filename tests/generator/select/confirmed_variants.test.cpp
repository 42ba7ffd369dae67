#include "select/confirmed_variants.hpp"

#include <catch2/catch.hpp>

#include <deque>

#include "select/dispatch_selection.hpp"
#include "select/pick_winner.hpp"

using namespace policytune;

namespace {

// One compile-time workload's rows at four sizes: base 1 ms everywhere, each variant's speedups
// given per size, some confirmed by a confirmation round.
struct SpeedupRows {
  std::deque<Measurement> owned;
  std::vector<const Measurement*> pointers;

  void add(const std::string& variant, const std::vector<double>& speedups, std::int64_t confirmed_rounds) {
    for (std::size_t i = 0; i < speedups.size(); ++i) {
      Measurement m;
      m.benchmark = "sort.keys";
      m.device = {"Synthetic CPU (test data)", 2, 0, false, "", "6.1"};
      m.variant = variant;
      m.entry = "base";
      m.rt_workload = "Elements{io}[pow2]=" + std::to_string(8 + 4 * i);
      m.statistics = {100, 1e-3 / speedups[i], 1e-3 / speedups[i], 1e-6, 1e-3 / speedups[i], 1e-3 / speedups[i]};
      m.confirmed_rounds = confirmed_rounds;
      owned.push_back(m);
      pointers.push_back(&owned.back());
    }
  }
};

const auto kAny = [](const std::string&) { return true; };

}  // namespace

TEST_CASE("without a confirmation every variant may win; with one, only the confirmed ones", "[confirmation]") {
  SpeedupRows rows;
  rows.add("base", {1, 1, 1, 1}, 0);
  rows.add("fast", {1.5, 1.5, 1.5, 1.5}, 0);
  rows.add("good", {1.2, 1.2, 1.2, 1.2}, 0);
  CHECK_FALSE(confirmed_variants(rows.pointers));
  const auto unconfirmed = pick_winner(score_workload(rows.pointers), rows.pointers, kAny);
  REQUIRE(unconfirmed);
  CHECK(unconfirmed->score.variant == "fast");

  SpeedupRows confirmed;
  confirmed.add("base", {1, 1, 1, 1}, 3);
  confirmed.add("fast", {1.5, 1.5, 1.5, 1.5}, 0);  // no finalist: measured beside another base
  confirmed.add("good", {1.2, 1.2, 1.2, 1.2}, 3);
  CHECK(confirmed_variants(confirmed.pointers) == std::set<std::string>{"base", "good"});
  CHECK(may_win(confirmed_variants(confirmed.pointers), "base"));
  CHECK_FALSE(may_win(confirmed_variants(confirmed.pointers), "fast"));
  const auto winner = pick_winner(score_workload(confirmed.pointers), confirmed.pointers, kAny);
  REQUIRE(winner);
  CHECK(winner->score.variant == "good");
}

TEST_CASE("a size dispatch takes its ranges' policies from the confirmed variants", "[confirmation]") {
  SpeedupRows rows;
  rows.add("base", {1, 1, 1, 1}, 3);
  rows.add("small", {2, 2, 1, 1}, 3);
  rows.add("large", {1, 1, 2, 2}, 3);
  rows.add("stale", {1, 1, 3, 3}, 0);  // fastest on large sizes as the search measured it once
  WorkloadGroup group;
  group.rows = rows.pointers;
  const WorkloadDispatch dispatch = select_dispatch(group, DispatchOptions{});
  REQUIRE(dispatch.dispatch);
  for (const auto& range : dispatch.dispatch->ranges) CHECK(range.variant != "stale");
  CHECK(dispatch.dispatch->ranges.back().variant == "large");
}
