#include "winners.hpp"

#include <catch2/catch.hpp>

#include "support/recorded_results.hpp"
#include "text_input.hpp"

using namespace policytune;

namespace {

const std::string kNewGpu = "Synthetic GPU C (test data, never measured)";

// The winners for `device`, nearest match, where the database does not know the device and its
// architecture is said as `device_architecture`.
std::vector<ArchitecturePolicies> winners_for(const testing::RecordedResults& recorded, const std::string& device,
                                              const std::string& device_architecture, DeviceMatch match) {
  const std::string text = read_text_file(recorded.reduce_source);
  const SearchSpace space = parse_search_space(text, recorded.reduce_source);
  WinnerOptions options{"reduce.sum", content_hash(text), match, device};
  options.device_architecture = device_architecture;
  return select_winners(recorded.rows, space, options);
}

std::vector<std::string> architectures_of(const std::vector<ArchitecturePolicies>& policies) {
  std::vector<std::string> architectures;
  for (const auto& p : policies) architectures.push_back(p.architecture);
  return architectures;
}

}  // namespace

TEST_CASE("nearest match: a device whose architecture nobody measured gets the nearest lower one's winners",
          "[winners]") {
  const auto recorded = testing::recorded_results({"80", "90"});
  const auto selected = winners_for(recorded, kNewGpu, "100", DeviceMatch::nearest);
  REQUIRE(architectures_of(selected) == std::vector<std::string>{"80", "90", "100"});
  const auto& sm90 = selected[1];
  const auto& sm100 = selected[2];
  CHECK(sm100.measured_architecture == "90");
  CHECK(sm100.device == "Synthetic GPU B (test data)");
  REQUIRE(sm100.workloads.size() == sm90.workloads.size());
  for (std::size_t i = 0; i < sm90.workloads.size(); ++i) {
    CHECK(sm100.workloads[i].ct_workload == sm90.workloads[i].ct_workload);
    CHECK(sm100.workloads[i].variant_name == sm90.workloads[i].variant_name);
  }
  CHECK(sm100.device_note == "not measured on " + kNewGpu +
                                 " or any other sm_100 device; tuned policies measured on Synthetic GPU B (test data) "
                                 "(sm_90), the nearest lower architecture, and the library's sm_100 policy for the rest");
  // The measured architectures keep their own, with the usual nearest-match note.
  CHECK(sm90.measured_architecture == "90");
  CHECK(sm90.device_note == "nearest match: measured on Synthetic GPU B (test data), not on " + kNewGpu);

  // Between two measured architectures, the lower one stands in, in its place in the order.
  const auto between = winners_for(recorded, kNewGpu, "86", DeviceMatch::nearest);
  REQUIRE(architectures_of(between) == std::vector<std::string>{"80", "86", "90"});
  CHECK(between[1].measured_architecture == "80");
  CHECK(between[1].workloads.at(0).variant_name == "ipt_20.tpb_256.ipv_2");
}

TEST_CASE("no stand-in with an exact match, below every measured architecture, or where the architecture was measured",
          "[winners]") {
  const auto recorded = testing::recorded_results({"80", "90"});
  // Exact: the device's own results only, and it has none.
  CHECK(winners_for(recorded, kNewGpu, "100", DeviceMatch::exact).empty());
  // Nothing lower to take from: the library's hub serves it.
  CHECK(architectures_of(winners_for(recorded, kNewGpu, "75", DeviceMatch::nearest)) == std::vector<std::string>{"80", "90"});
  // Another device measured sm_90: it serves, as before.
  const auto same = winners_for(recorded, kNewGpu, "90", DeviceMatch::nearest);
  REQUIRE(architectures_of(same) == std::vector<std::string>{"80", "90"});
  CHECK(same[1].measured_architecture == "90");
}

TEST_CASE("a device's architecture is known from any benchmark it measured", "[winners]") {
  auto rows = testing::recorded_results({"80"}).rows;
  rows.back().benchmark = "scan.exclusive.sum";
  rows.back().device.name = kNewGpu;
  rows.back().device.compute_capability = "10.0";
  CHECK(recorded_architecture(rows, kNewGpu) == "100");
  CHECK(recorded_architecture(rows, "Synthetic GPU A (test data)") == "80");
  CHECK_FALSE(recorded_architecture(rows, "Unknown GPU"));
}

TEST_CASE("where one device measured a workload with several toolkits, the newest measurements win", "[winners]") {
  // sm_90's F32 as recorded (ipt_16.tpb_512.ipv_1 wins), and again later with a newer toolkit where
  // the two variants traded places.
  const auto recorded = testing::recorded_results({"90"});
  std::vector<Measurement> newer;
  for (auto m : recorded.rows) {
    if (m.ct_workload != "T{ct}=F32,OffsetT{ct}=U32") continue;
    m.toolkit = "CUDA 13.1.0";
    m.recorded_at = "2026-12-01T10:00:00Z";
    if (m.variant == "ipt_16.tpb_512.ipv_1") {
      m.variant = "ipt_12.tpb_256.ipv_2";
    } else if (m.variant == "ipt_12.tpb_256.ipv_2") {
      m.variant = "ipt_16.tpb_512.ipv_1";
    }
    newer.push_back(m);
  }
  const std::string text = read_text_file(recorded.reduce_source);
  const SearchSpace space = parse_search_space(text, recorded.reduce_source);
  const WinnerOptions options{"reduce.sum", content_hash(text), DeviceMatch::exact, ""};
  const auto f32_winner = [&](const std::vector<Measurement>& rows) {
    const auto selected = select_winners(rows, space, options);
    REQUIRE(selected.size() == 1);
    for (const auto& policy : selected[0].workloads) {
      if (policy.ct_workload == "T{ct}=F32,OffsetT{ct}=U32") return policy;
    }
    FAIL("no F32 policy");
    throw;
  };
  CHECK(f32_winner(recorded.rows).variant_name == "ipt_16.tpb_512.ipv_1");
  // Whichever comes first in the database.
  std::vector<Measurement> old_first = recorded.rows, new_first = newer;
  old_first.insert(old_first.end(), newer.begin(), newer.end());
  new_first.insert(new_first.end(), recorded.rows.begin(), recorded.rows.end());
  for (const auto& rows : {old_first, new_first}) {
    const auto policy = f32_winner(rows);
    CHECK(policy.variant_name == "ipt_12.tpb_256.ipv_2");
    CHECK_THAT(policy.provenance, Catch::Contains("CUDA 13.1.0") && Catch::EndsWith(", 2026-12-01"));
  }
}
