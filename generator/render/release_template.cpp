#include "render/release_template.hpp"

#include <string>

#include "core/user_error.hpp"

namespace policytune {

bool template_takes_release(const PolicyTemplate& policy_template, int release) noexcept {
  return releases_taking(policy_template.format).contains(release) && policy_template.releases.contains(release);
}

void check_template_release(const PolicyTemplate& policy_template, int release) {
  const auto text = CcclRange{release, release}.describe();
  const CcclRange taking = releases_taking(policy_template.format);
  if (!taking.contains(release)) {
    throw UserError(policy_template.path, policy_template.format_line,
                    std::string("format ") + format_name(policy_template.format) + " needs " + taking.describe() +
                        ": " + text + " cannot take it");
  }
  if (!policy_template.releases.contains(release)) {
    throw UserError(policy_template.path, policy_template.releases_line,
                    "the template is written for " + policy_template.releases.describe() + ", not " + text);
  }
}

const PolicyTemplate& choose_template(const std::vector<PolicyTemplate>& templates, std::optional<HubFormat> asked,
                                      std::optional<int> release) {
  std::vector<const PolicyTemplate*> candidates;
  for (const auto& t : templates) {
    if (!asked || t.format == *asked) candidates.push_back(&t);
  }
  if (candidates.empty())
    throw UserError(std::string("no --template of format ") + (asked ? format_name(*asked) : "any") +
                    " among those given");
  if (!release) {
    if (candidates.size() > 1)
      throw UserError("several templates fit: say which CCCL release with --cccl or --cccl-include");
    return *candidates.front();
  }
  if (candidates.size() == 1) {
    check_template_release(*candidates.front(), *release);  // names the template's line if it cannot
    return *candidates.front();
  }
  for (const HubFormat preferred : {HubFormat::policy_selector, HubFormat::chained_policy, HubFormat::host}) {
    for (const auto* t : candidates) {
      if (t->format == preferred && template_takes_release(*t, *release)) return *t;
    }
  }
  check_template_release(*candidates.front(), *release);  // none fits: the first one's reason
  return *candidates.front();
}

}  // namespace policytune
