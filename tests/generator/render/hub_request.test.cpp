// What `generate` asks of a hub: the mode decides where the policies come from.
#include "render/hub_request.hpp"

#include <catch2/catch.hpp>

#include "core/text_input.hpp"
#include "render/hub_model.hpp"
#include "support/recorded_results.hpp"

using namespace policytune;

TEST_CASE("a hub request is tuned, without dispatch or test variant, unless asked", "[hub_request]") {
  const HubRequest request;
  CHECK(request.mode == RenderMode::tuned);
  CHECK(request.dispatch_axis.empty());
  CHECK_FALSE(request.test_variant.has_value());
  CHECK(request.architectures.empty());
}

TEST_CASE("test mode gives every requested architecture the declared test variant", "[hub_request]") {
  const auto recorded = testing::recorded_results();
  const std::string text = read_text_file(recorded.reduce_source);
  const SearchSpace space = parse_search_space(text, recorded.reduce_source);
  HubRequest request;
  request.benchmark = "reduce.sum";
  request.name_space = "tests";
  request.database = "unused.db";
  request.mode = RenderMode::test;
  request.architectures = {"80", "90"};
  request.test_variant = parse_test_variant(text, recorded.reduce_source, space);
  REQUIRE(request.test_variant.has_value());
  const HubModel model =
      build_hub_model(load_policy_template(POLICYTUNE_SOURCE_DIR "/templates/reduce.mustache"), space, {}, request);
  REQUIRE(model.links.size() == 2);
  CHECK(model.links[0].architecture == "80");
  CHECK(model.links[1].architecture == "90");
  CHECK(model.test_note == space.name_of(*request.test_variant) + " (test mode)");
  CHECK(model.unserved.empty());
  for (const auto& line : model.banner) CHECK(line.find("unused.db") == std::string::npos);
}
