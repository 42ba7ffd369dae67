#include "render/format_skeletons.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "core/text_input.hpp"
#include "render/policy_template.hpp"

using namespace policytune;

TEST_CASE("each format's skeleton is templates/formats/<format>.mustache, built into the tool", "[format_skeletons]") {
  std::set<std::string> distinct;
  for (const HubFormat format : {HubFormat::chained_policy, HubFormat::policy_selector, HubFormat::host}) {
    const std::string name = format_name(format);
    INFO(name);
    const std::string& skeleton = format_skeleton(format);
    CHECK(skeleton == read_text_file(POLICYTUNE_SOURCE_DIR "/templates/formats/" + name + ".mustache"));
    CHECK(&format_skeleton(format) == &skeleton);  // built once, the same text every time
    distinct.insert(skeleton);
  }
  CHECK(distinct.size() == 3);
}
