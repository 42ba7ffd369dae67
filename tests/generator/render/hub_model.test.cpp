// The hub independent of its output: links per architecture (lowest first, a requested one above
// the measured ones borrowing the nearest lower winners), banner, includes and the dispatch's names.
#include "render/hub_model.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

#include "core/text_input.hpp"
#include "select/select_winners.hpp"
#include "support/recorded_results.hpp"
#include "support/text_search.hpp"

using namespace policytune;

namespace {

const std::string kHubModelReduceTemplate = POLICYTUNE_SOURCE_DIR "/templates/reduce.mustache";

struct HubModelInputs {
  testing::RecordedResults recorded = testing::recorded_results();
  std::string text = read_text_file(recorded.reduce_source);
  SearchSpace space = parse_search_space(text, recorded.reduce_source);
  PolicyTemplate policy_template = load_policy_template(kHubModelReduceTemplate);

  std::vector<ArchitecturePolicies> winners() const {
    const WinnerOptions options{"reduce.sum", content_hash(text), DeviceMatch::exact, "", std::nullopt};
    return select_winners(recorded.rows, space, options);
  }
  HubRequest request(RenderMode mode, std::vector<std::string> architectures) const {
    return HubRequest{"reduce.sum",
                      "mylib::tuning",
                      "/some/where/results.db",
                      mode,
                      std::move(architectures),
                      parse_test_variant(text, recorded.reduce_source, space),
                      ""};
  }
};

std::vector<std::string> hub_model_link_architectures(const HubModel& model) {
  std::vector<std::string> architectures;
  for (const auto& link : model.links) architectures.push_back(link.architecture);
  return architectures;
}

}  // namespace

TEST_CASE("a tuned model links the measured architectures and a requested higher one, lowest first", "[hub_model]") {
  const HubModelInputs inputs;
  const HubModel model = build_hub_model(inputs.policy_template, inputs.space, inputs.winners(),
                                         inputs.request(RenderMode::tuned, {"100", "80", "90"}));
  CHECK(model.format == HubFormat::chained_policy);
  CHECK(model.name_space == "mylib::tuning");
  CHECK(hub_model_link_architectures(model) == std::vector<std::string>{"80", "90", "100"});
  CHECK(model.unserved.empty());
  CHECK_THAT(model.links[2].note, Catch::Contains("sm_90's winners"));
  // The borrowed link holds sm_90's winners.
  CHECK(model.links[2].entries.size() == model.links[1].entries.size());
  REQUIRE(model.banner.size() >= 2);
  CHECK(model.banner[0] == "SPDX-License-Identifier: Apache-2.0");
  CHECK_THAT(model.banner[1], Catch::Contains("for reduce.sum") && Catch::Contains("from results.db") &&
                                  Catch::Contains("with reduce.mustache"));
  CHECK(std::count(model.includes.begin(), model.includes.end(), "<cstdint>") == 1);
  // The chain's helpers; a selector gets hub_support.cuh alone, which names no deprecated cub::ChainedPolicy.
  CHECK(std::count(model.includes.begin(), model.includes.end(), "<policytune/detail/chain_support.cuh>") == 1);
  CHECK(std::count(model.includes.begin(), model.includes.end(), "<policytune/detail/hub_support.cuh>") == 0);
  CHECK(model.dispatch_axis.empty());
  CHECK(model.dispatch_parameter.empty());
}

TEST_CASE("an architecture below every measured one is unserved: the library's hub serves it", "[hub_model]") {
  const HubModelInputs inputs;
  const HubModel model = build_hub_model(inputs.policy_template, inputs.space, inputs.winners(),
                                         inputs.request(RenderMode::tuned, {"70", "90"}));
  CHECK(hub_model_link_architectures(model) == std::vector<std::string>{"80", "90"});
  CHECK(model.unserved == std::vector<std::string>{"70"});
}

TEST_CASE("base mode reads no measurements and names no database", "[hub_model]") {
  const HubModelInputs inputs;
  const HubModel model =
      build_hub_model(inputs.policy_template, inputs.space, {}, inputs.request(RenderMode::base, {"90"}));
  for (const auto& line : model.banner) CHECK(line.find("results.db") == std::string::npos);
  CHECK(std::any_of(model.banner.begin(), model.banner.end(),
                    [](const std::string& line) { return line.rfind("Mode base:", 0) == 0; }));
  for (const auto& link : model.links) CHECK(link.entries.empty());
}

TEST_CASE("the dispatch parameter is the axis's name before its braces, in lower case", "[hub_model]") {
  HubRequest request;
  request.dispatch_axis = "Elements{io}";
  CHECK(request_parameter(request) == "elements");
  request.dispatch_axis = "SegmentSize{io}[pow2]";
  CHECK(request_parameter(request) == "segmentsize");
  const HubModelInputs inputs;
  HubRequest ranged = inputs.request(RenderMode::tuned, {"90"});
  ranged.dispatch_axis = "Elements{io}";
  const HubModel model = build_hub_model(inputs.policy_template, inputs.space, inputs.winners(), ranged);
  CHECK(model.dispatch_axis == "Elements{io}");
  CHECK(model.dispatch_parameter == "elements");
}
