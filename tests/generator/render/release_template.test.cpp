#include "render/release_template.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"
#include "support/user_error_text.hpp"

using namespace policytune;

namespace {

// A template of `format` for the releases `cccl` (a `cccl:` directive's value; empty: none).
PolicyTemplate template_of(testing::TemporaryDirectory& directory, const std::string& name, HubFormat format,
                           const std::string& cccl) {
  std::string text = std::string("{{! policytune-template 1 }}\n{{! format: ") + format_name(format) + " }}\n";
  if (!cccl.empty()) text += "{{! cccl: " + cccl + " }}\n";
  text += "{{! hub: h<class A> }}\n{{! default: d<A> }}\n{{! key: A }}\n";
  if (format == HubFormat::policy_selector) text += "{{! policy-type: ::cub::ReducePolicy }}\n";
  return load_policy_template(directory.write(name, text + "return {};\n"));
}

}  // namespace

TEST_CASE("a template takes a release where its format and its cccl: directive both do", "[release_template]") {
  testing::TemporaryDirectory directory("template");
  const auto selector = load_policy_template(
      directory.write("s.mustache",
                      "{{! policytune-template 1 }}\n{{! format: policy_selector }}\n{{! hub: s<class A> }}\n"
                      "{{! default: d<A> }}\n{{! key: A }}\n{{! policy-type: ::cub::ReducePolicy }}\nreturn {};\n"));
  try {
    check_template_release(selector, 300);
    FAIL("CCCL 3.0 has no policy selectors");
  } catch (const UserError& error) {
    CHECK(error.line() == 2);
    CHECK(error.message() == "format policy_selector needs CCCL 3.4 and later: CCCL 3.0 cannot take it");
  }
  CHECK_NOTHROW(check_template_release(selector, 305));
  CHECK(template_takes_release(selector, 304));
  CHECK_FALSE(template_takes_release(selector, 303));
  const auto chained_up_to_3_2 = template_of(directory, "c.mustache", HubFormat::chained_policy, "3.0-3.2");
  CHECK(template_takes_release(chained_up_to_3_2, 302));
  CHECK_FALSE(template_takes_release(chained_up_to_3_2, 303));
}

TEST_CASE("each release gets the newest format it takes among the templates given", "[release_template]") {
  testing::TemporaryDirectory directory("releases");
  const std::vector<PolicyTemplate> templates{
      template_of(directory, "chained.mustache", HubFormat::chained_policy, "3.0-3.4"),
      template_of(directory, "selector_3_4.mustache", HubFormat::policy_selector, "3.4"),
      template_of(directory, "selector.mustache", HubFormat::policy_selector, "3.5-"),
  };
  const auto chosen = [&](std::optional<HubFormat> asked, std::optional<int> release) {
    return std::filesystem::path(choose_template(templates, asked, release).path).filename().string();
  };
  CHECK(chosen(std::nullopt, 300) == "chained.mustache");
  CHECK(chosen(std::nullopt, 303) == "chained.mustache");
  CHECK(chosen(std::nullopt, 304) == "selector_3_4.mustache");
  CHECK(chosen(std::nullopt, 305) == "selector.mustache");
  CHECK(chosen(std::nullopt, 306) == "selector.mustache");
  CHECK(chosen(HubFormat::chained_policy, 303) == "chained.mustache");
  // Asked for a format the release cannot take: the refusing template's line.
  CHECK(testing::user_error_of([&] { chosen(HubFormat::chained_policy, 305); }) ==
        templates[0].path + ":3: the template is written for CCCL 3.0 to 3.4, not CCCL 3.5");
  CHECK(testing::user_error_of([&] { chosen(HubFormat::host, 305); }) ==
        ":0: no --template of format host among those given");
  // Without a release, several candidates are ambiguous; one is taken as it is.
  CHECK(testing::user_error_of([&] { chosen(std::nullopt, std::nullopt); }) ==
        ":0: several templates fit: say which CCCL release with --cccl or --cccl-include");
  CHECK(chosen(HubFormat::chained_policy, std::nullopt) == "chained.mustache");
}
