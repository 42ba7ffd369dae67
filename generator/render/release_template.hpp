#pragma once

#include <optional>
#include <vector>

#include "render/cccl_releases.hpp"
#include "render/policy_template.hpp"

namespace policytune {

// Which template renders the hub for a CCCL release: its format and its `cccl:` directive must both
// take the release (render/cccl_releases.hpp says which format a release takes).

// Whether a template can be rendered for CCCL release `release` (major * 100 + minor).
bool template_takes_release(const PolicyTemplate& policy_template, int release) noexcept;
// The same, as a UserError naming the directive's line that refuses the release.
void check_template_release(const PolicyTemplate& policy_template, int release);

// The template to render among those loaded: the one of format `asked` (nullopt: any), and for a
// known release the one it takes, a policy_selector before a chained_policy (the newer API).
// Throws UserError where none fits, naming the template's line that refuses the release.
const PolicyTemplate& choose_template(const std::vector<PolicyTemplate>& templates, std::optional<HubFormat> asked,
                                      std::optional<int> release);

}  // namespace policytune
