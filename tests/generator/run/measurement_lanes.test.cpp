#include "run/measurement_lanes.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <mutex>
#include <set>
#include <stdexcept>

#include "run/interrupted.hpp"

using namespace policytune;

namespace {

std::vector<Measurement> one_row_named(const std::string& variant) {
  Measurement row;
  row.variant = variant;
  return {row};
}

}  // namespace

TEST_CASE("lanes: as many as asked for, else one per visible device, at least one", "[measurement_lanes]") {
  CHECK(lane_count(2, 8) == 2);
  CHECK(lane_count(0, 4) == 4);
  CHECK(lane_count(0, 0) == 1);
}

TEST_CASE("a lane sees only its own device: the process's list first, then by number", "[measurement_lanes]") {
  CHECK(lane_environments(1, "3,5") == std::vector<LaneEnvironment>{{}});
  CHECK(lane_environments(3, "4,6") == std::vector<LaneEnvironment>{{"CUDA_VISIBLE_DEVICES=4"},
                                                                    {"CUDA_VISIBLE_DEVICES=6"},
                                                                    {"CUDA_VISIBLE_DEVICES=2"}});
  CHECK(lane_environments(2, "") ==
        std::vector<LaneEnvironment>{{"CUDA_VISIBLE_DEVICES=0"}, {"CUDA_VISIBLE_DEVICES=1"}});
  CHECK(MeasurementLanes({}).size() == 1);  // no environment still leaves one lane, adding nothing
  CHECK(MeasurementLanes({}).first().empty());
}

TEST_CASE("lanes measure every index once, in some lane, and book each one's rows", "[measurement_lanes]") {
  const MeasurementLanes lanes(lane_environments(3, "7,8,9"));
  std::mutex guard;
  std::map<std::size_t, int> measured;
  std::set<std::string> lanes_used;
  std::map<std::size_t, std::string> booked;
  const auto measure = [&](std::size_t i, const LaneEnvironment& lane) {
    const std::lock_guard lock(guard);
    ++measured[i];
    lanes_used.insert(lane.front());
    return one_row_named("v" + std::to_string(i));
  };
  const auto book = [&](std::size_t i, const std::vector<Measurement>& rows) -> std::optional<double> {
    const std::lock_guard lock(guard);
    booked[i] = rows.front().variant;
    if (i == 3) return std::nullopt;  // a failed variant has no cost
    return static_cast<double>(i) / 2;
  };
  const auto costs = lanes.measure(10, measure, book);
  REQUIRE(costs.size() == 10);
  for (std::size_t i = 0; i < 10; ++i) {
    CHECK(measured[i] == 1);
    CHECK(booked[i] == "v" + std::to_string(i));
    if (i == 3) {
      CHECK_FALSE(costs[i]);
    } else {
      CHECK(costs[i] == static_cast<double>(i) / 2);
    }
  }
  for (const auto& lane : lanes_used) CHECK(lane.rfind("CUDA_VISIBLE_DEVICES=", 0) == 0);
  CHECK(lanes.measure(0, measure, book).empty());
}

TEST_CASE("an exception in a lane stops the lanes and is thrown once they have ended", "[measurement_lanes]") {
  const MeasurementLanes lanes(lane_environments(2, ""));
  const auto interrupted_at_2 = [](std::size_t i, const LaneEnvironment&) {
    if (i == 2) throw SearchInterrupted();
    return one_row_named("v");
  };
  const auto book = [](std::size_t, const std::vector<Measurement>&) -> std::optional<double> { return 1.0; };
  CHECK_THROWS_AS(lanes.measure(50, interrupted_at_2, book), SearchInterrupted);

  const auto store_fails = [](std::size_t, const std::vector<Measurement>&) -> std::optional<double> {
    throw std::runtime_error("disk full");
  };
  CHECK_THROWS_WITH(lanes.measure(4, interrupted_at_2, store_fails), "disk full");
}
