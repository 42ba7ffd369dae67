#pragma once

#include <optional>
#include <string>
#include <vector>

#include "policy_template.hpp"
#include "search_space.hpp"
#include "winners.hpp"

namespace policytune {

struct HubRequest {
  std::string benchmark;            // "reduce.sum"
  std::string name_space;           // "mylib::tuning": validated before it reaches C++ text
  std::string database;             // shown in the header, as its file name
  RenderMode mode = RenderMode::tuned;
  std::vector<std::string> architectures;  // requested SM numbers ("80", "90"); may be empty in tuned mode
  std::optional<Variant> test_variant;     // test mode
  // Non-empty: the hub takes a policy per range of this runtime axis (`Elements{io}`): an
  // `int Range = 0` template parameter and a constexpr selector, one range wherever no dispatch was
  // kept, so that code written against the selector compiles whatever the measurements say.
  std::string dispatch_axis;
};

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
