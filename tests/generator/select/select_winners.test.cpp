#include "select/select_winners.hpp"

#include <catch2/catch.hpp>

#include <cmath>

#include "core/text_input.hpp"
#include "support/recorded_results.hpp"

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

// The winners of reduce.sum's current source in `rows`, the only device per architecture.
std::vector<ArchitecturePolicies> reduce_winners(const testing::RecordedResults& recorded,
                                                 const std::vector<Measurement>& rows) {
  const std::string text = read_text_file(recorded.reduce_source);
  const SearchSpace space = parse_search_space(text, recorded.reduce_source);
  return select_winners(rows, space, WinnerOptions{"reduce.sum", content_hash(text), DeviceMatch::exact, ""});
}

const WorkloadPolicy& policy_of(const ArchitecturePolicies& policies, const std::string& ct_workload) {
  for (const auto& policy : policies.workloads) {
    if (policy.ct_workload == ct_workload) return policy;
  }
  FAIL("no policy for " << ct_workload);
  throw;
}

const std::string kF32 = "T{ct}=F32,OffsetT{ct}=U32";

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
  CHECK(sm100.device_note ==
        "not measured on " + kNewGpu +
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
  CHECK(architectures_of(winners_for(recorded, kNewGpu, "75", DeviceMatch::nearest)) ==
        std::vector<std::string>{"80", "90"});
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

TEST_CASE("only the benchmark's current source on real devices counts; the date is the winner's own", "[winners]") {
  const auto recorded = testing::recorded_results({"90"});
  std::vector<Measurement> rows = recorded.rows;
  // Base measured again later: the winner's provenance keeps the date of the winner's rows.
  for (auto& m : rows) {
    if (m.variant == "base") m.recorded_at = "2026-11-25T10:00:00Z";
  }
  // Later rows where ipt_12.tpb_256.ipv_2 would win: another source version, another benchmark,
  // and no device. None of them counts.
  for (const auto& m : recorded.rows) {
    if (m.ct_workload != kF32 || m.variant == "ipt_16.tpb_512.ipv_1") continue;
    Measurement other = m;
    other.recorded_at = "2026-12-01T10:00:00Z";
    if (other.variant == "ipt_12.tpb_256.ipv_2") other.statistics.median /= 2;
    Measurement old_source = other, other_benchmark = other, no_device = other;
    old_source.source_hash = "0ld50urce";
    other_benchmark.benchmark = "reduce.max";
    no_device.device.name = "none";
    rows.insert(rows.end(), {old_source, other_benchmark, no_device});
  }
  const auto selected = reduce_winners(recorded, rows);
  REQUIRE(architectures_of(selected) == std::vector<std::string>{"90"});
  CHECK(selected[0].workloads.size() == 3);
  const auto& f32 = policy_of(selected[0], kF32);
  CHECK(f32.variant_name == "ipt_16.tpb_512.ipv_1");
  CHECK_THAT(f32.provenance, Catch::EndsWith("CUDA 13.0.88, CCCL 3.0.1, 2026-11-20"));
}

TEST_CASE("a variant the space cannot render does not win; the best one it can does", "[winners]") {
  const auto recorded = testing::recorded_results({"90"});
  std::vector<Measurement> rows = recorded.rows;
  for (auto& m : rows) {
    if (m.variant == "ipt_16.tpb_512.ipv_1" && m.ct_workload == kF32) m.variant = "ipt_16.tpb_512.ipv_1.unroll_2";
  }
  const auto selected = reduce_winners(recorded, rows);
  const auto& f32 = policy_of(selected.at(0), kF32);
  CHECK(f32.variant_name == "ipt_12.tpb_256.ipv_2");
  CHECK(f32.variant == Variant{12, 256, 2});
}

TEST_CASE("architectures come in numeric order, the host last", "[winners]") {
  const auto recorded = testing::recorded_results({"80", "90"});
  std::vector<Measurement> rows;
  for (const auto& m : recorded.rows) {
    if (m.device.compute_capability != "9.0") continue;
    Measurement sm100 = m, host = m;
    sm100.device = {"Synthetic GPU C (test data)", 148, 8192, true, "10.0", "000.00"};
    host.device = {"Synthetic CPU (test data)", 2, 0, false, "", "6.1"};
    rows.insert(rows.end(), {host, sm100});  // first seen, and first as text: "100" < "80" < "host"
  }
  rows.insert(rows.end(), recorded.rows.begin(), recorded.rows.end());
  CHECK(architectures_of(reduce_winners(recorded, rows)) == std::vector<std::string>{"80", "90", "100", "host"});
}

TEST_CASE("a dispatch's ranges are served only by variants the space can render", "[winners]") {
  // sm_90 F32: ipt_7.tpb_128.ipv_1 is fastest on the small sizes, ipt_16.tpb_512.ipv_1 on the large
  // ones; here ipt_7's rows come from another version of the space.
  const auto recorded = testing::recorded_size_dependent_results();
  const std::string foreign = "ipt_7.tpb_128.ipv_1.unroll_2";
  std::vector<Measurement> rows;
  for (auto m : recorded.rows) {
    if (m.device.compute_capability != "9.0" || m.ct_workload != kF32) continue;
    if (m.variant == "ipt_7.tpb_128.ipv_1") m.variant = foreign;
    rows.push_back(m);
  }
  const std::string text = read_text_file(recorded.reduce_source);
  const SearchSpace space = parse_search_space(text, recorded.reduce_source);
  WinnerOptions options{"reduce.sum", content_hash(text), DeviceMatch::exact, ""};
  options.dispatch = DispatchOptions{"Elements{io}", 3, 0.0, {}};
  const auto selected = select_winners(rows, space, options);
  const auto& f32 = policy_of(selected.at(0), kF32);
  CHECK(f32.variant_name == "ipt_16.tpb_512.ipv_1");
  // Base serves the small sizes (ipt_16 is slower there), ipt_16 the large ones.
  REQUIRE(f32.ranges);
  REQUIRE(f32.ranges->ranges.size() == 2);
  CHECK(f32.ranges->ranges[0].range.variant == "base");
  CHECK_FALSE(f32.ranges->ranges[0].variant);
  CHECK(f32.ranges->ranges[1].range.variant == "ipt_16.tpb_512.ipv_1");
  CHECK(f32.ranges->ranges[1].variant == Variant{16, 512, 1});
}

TEST_CASE("the chosen device's measurements win, though another device of its architecture measured later",
          "[winners]") {
  const auto recorded = testing::recorded_results({"90"});
  std::vector<Measurement> rows = recorded.rows;
  for (auto m : recorded.rows) {
    if (m.ct_workload != kF32) continue;
    m.device.name = "Synthetic GPU B2 (test data)";
    m.recorded_at = "2026-12-01T10:00:00Z";
    if (m.variant == "ipt_16.tpb_512.ipv_1") m.statistics.median *= 2;  // ipt_12.tpb_256.ipv_2 wins there
    rows.push_back(m);
  }
  const std::string text = read_text_file(recorded.reduce_source);
  const SearchSpace space = parse_search_space(text, recorded.reduce_source);
  for (const auto& [device, winner] :
       std::vector<std::pair<std::string, std::string>>{{"Synthetic GPU B (test data)", "ipt_16.tpb_512.ipv_1"},
                                                        {"Synthetic GPU B2 (test data)", "ipt_12.tpb_256.ipv_2"}}) {
    INFO(device);
    const auto selected =
        select_winners(rows, space, WinnerOptions{"reduce.sum", content_hash(text), DeviceMatch::exact, device});
    REQUIRE(selected.size() == 1);
    CHECK(selected[0].device == device);
    CHECK(policy_of(selected[0], kF32).variant_name == winner);
  }
}

TEST_CASE("a workload whose base failed keeps base and says why", "[winners]") {
  const auto recorded = testing::recorded_results({"90"});
  std::vector<Measurement> rows = recorded.rows;
  for (auto& m : rows) {
    if (m.ct_workload == kF32 && m.variant == "base") m.status = Status::run_failed;
  }
  const auto selected = reduce_winners(recorded, rows);
  const auto& f32 = policy_of(selected.at(0), kF32);
  CHECK(f32.variant_name == "base");
  CHECK_FALSE(f32.variant);
  CHECK_THAT(f32.provenance,
             Catch::StartsWith("base: base has no successful measurement; Synthetic GPU B (test data)"));
}
