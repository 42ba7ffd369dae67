#include "run/measurement_lanes.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <mutex>
#include <set>
#include <stdexcept>

#include "core/user_error.hpp"
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
  CHECK(lane_count(1, 0) == 1);
}

TEST_CASE("more lanes than visible devices are refused, naming how many are visible", "[measurement_lanes]") {
  // A host benchmark reports one device: four lanes would measure four variants at once on its cores.
  CHECK_THROWS_MATCHES(lane_count(4, 1), UserError,
                       Catch::Message("--lanes 4: the benchmark sees 1 device (a host benchmark sees one): at most "
                                      "--lanes 1, one variant per device"));
  CHECK_THROWS_WITH(lane_count(3, 2), Catch::Contains("sees 2 devices") && Catch::Contains("at most --lanes 2"));
}

TEST_CASE("a lane sees only its own device: an entry of the process's list, else by number", "[measurement_lanes]") {
  CHECK(lane_environments(1, "3,5") == std::vector<LaneEnvironment>{{}});
  CHECK(lane_environments(2, "4,6") ==
        std::vector<LaneEnvironment>{{"CUDA_VISIBLE_DEVICES=4"}, {"CUDA_VISIBLE_DEVICES=6"}});
  // UUIDs (and MIG instances) are entries as they are written.
  CHECK(lane_environments(2, "GPU-8f2e,MIG-1a7c") ==
        std::vector<LaneEnvironment>{{"CUDA_VISIBLE_DEVICES=GPU-8f2e"}, {"CUDA_VISIBLE_DEVICES=MIG-1a7c"}});
  CHECK(lane_environments(2, std::nullopt) ==
        std::vector<LaneEnvironment>{{"CUDA_VISIBLE_DEVICES=0"}, {"CUDA_VISIBLE_DEVICES=1"}});
  CHECK(MeasurementLanes({}).size() == 1);  // no environment still leaves one lane, adding nothing
  CHECK(MeasurementLanes({}).first().empty());
}

TEST_CASE("a lane never gets a device outside the process's CUDA_VISIBLE_DEVICES", "[measurement_lanes]") {
  // CUDA_VISIBLE_DEVICES=5 is this job's one GPU: lanes on devices 1 and 2 would measure on GPUs
  // outside its allocation (on Slurm, other users').
  CHECK_THROWS_MATCHES(lane_environments(3, "5"), UserError,
                       Catch::Message("--lanes 3: CUDA_VISIBLE_DEVICES='5' lists 1 device: at most --lanes 1"));
  CHECK_THROWS_WITH(lane_environments(3, "4,6"), Catch::Contains("lists 2 devices"));
  CHECK_THROWS_AS(lane_environments(2, ""), UserError);  // set, and empty: no device at all
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
  const MeasurementLanes lanes(lane_environments(2, std::nullopt));
  const auto interrupted_at_2 = [](std::size_t i, const LaneEnvironment&) {
    if (i == 2) throw Interrupted();
    return one_row_named("v");
  };
  const auto book = [](std::size_t, const std::vector<Measurement>&) -> std::optional<double> { return 1.0; };
  CHECK_THROWS_AS(lanes.measure(50, interrupted_at_2, book), Interrupted);

  const auto store_fails = [](std::size_t, const std::vector<Measurement>&) -> std::optional<double> {
    throw std::runtime_error("disk full");
  };
  CHECK_THROWS_WITH(lanes.measure(4, interrupted_at_2, store_fails), "disk full");
}
