#pragma once

#include <optional>
#include <string>
#include <vector>

#include "render/hub_request.hpp"
#include "render/policy_template.hpp"
#include "select/selected_policies.hpp"
#include "space/search_space.hpp"

namespace policytune {

// Renders a header-only policy hub: builds the hub model (hub_model.hpp) and renders it with the
// header of the template's format (templates/formats/, or the template's own `header:`). CUDA
// formats give one link per measured architecture, each link's policy specialised per compile-time
// workload and falling back to the library's own policy (a cub::ChainedPolicy chain, or a policy
// selector's branches); the host format gives a plain policy struct per workload. The output
// depends only on its inputs: the same database gives
// the same bytes, and each architecture's block depends only on that architecture's results.
// With `dispatch_axis`, a workload with ranges gets one policy per range and a decision tree over
// the axis' runtime value that picks the range (templates/README.md shows both shapes).
std::string render_hub(const PolicyTemplate& policy_template, const SearchSpace& space,
                       const std::vector<ArchitecturePolicies>& architectures, const HubRequest& request);

}  // namespace policytune
