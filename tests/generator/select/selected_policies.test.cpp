// The policies a hub renders, as select_winners fills them: per architecture and compile-time
// workload either the winner (its variant parsed, its score) or the library's default ("base").
#include "select/selected_policies.hpp"

#include <catch2/catch.hpp>

#include "core/text_input.hpp"
#include "select/select_winners.hpp"
#include "support/recorded_results.hpp"

using namespace policytune;

namespace {

std::vector<ArchitecturePolicies> selected_reduce_policies(const testing::RecordedResults& recorded,
                                                           const std::string& device = "",
                                                           const std::string& device_architecture = "",
                                                           DeviceMatch match = DeviceMatch::exact) {
  const std::string text = read_text_file(recorded.reduce_source);
  const SearchSpace space = parse_search_space(text, recorded.reduce_source);
  WinnerOptions options{"reduce.sum", content_hash(text), match, device, std::nullopt};
  options.device_architecture = device_architecture;
  return select_winners(recorded.rows, space, options);
}

}  // namespace

TEST_CASE("a workload's policy is its winner's variant with its score, or base with none", "[selected_policies]") {
  const auto recorded = testing::recorded_results({"90"});
  const std::string text = read_text_file(recorded.reduce_source);
  const SearchSpace space = parse_search_space(text, recorded.reduce_source);
  const auto selected = selected_reduce_policies(recorded);
  REQUIRE(selected.size() == 1);
  const ArchitecturePolicies& sm90 = selected[0];
  CHECK(sm90.architecture == "90");
  CHECK(sm90.measured_architecture == "90");  // its own measurements: no stand-in
  CHECK(sm90.device == "Synthetic GPU B (test data)");
  REQUIRE(sm90.workloads.size() == 3);
  std::size_t tuned = 0;
  for (const WorkloadPolicy& policy : sm90.workloads) {
    INFO(policy.ct_workload);
    CHECK_FALSE(policy.ct_workload.empty());
    CHECK_FALSE(policy.provenance.empty());
    CHECK_FALSE(policy.ranges.has_value());  // no dispatch asked
    if (policy.variant) {
      ++tuned;
      CHECK(space.name_of(*policy.variant) == policy.variant_name);
      REQUIRE(policy.score.has_value());
      CHECK(policy.score->variant == policy.variant_name);
      CHECK(policy.score->score - 1.0 > policy.noise);
    } else {
      CHECK(policy.variant_name == "base");
    }
  }
  CHECK(tuned == 1);  // F32 wins; I32's best is within noise, F64's variants are all slower
}

TEST_CASE("an architecture served by the nearest lower one says which it was measured on", "[selected_policies]") {
  const auto recorded = testing::recorded_results({"80", "90"});
  const auto selected =
      selected_reduce_policies(recorded, "Synthetic GPU C (test data, never measured)", "100", DeviceMatch::nearest);
  REQUIRE_FALSE(selected.empty());
  const ArchitecturePolicies& stand_in = selected.back();
  CHECK(stand_in.architecture == "100");
  CHECK(stand_in.measured_architecture == "90");
  CHECK_FALSE(stand_in.device_note.empty());
}
