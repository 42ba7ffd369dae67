#pragma once

#include <string>
#include <vector>

#include "select/selected_policies.hpp"

namespace policytune {

// An architecture a hub is asked for that has no policies of its own. cub::ChainedPolicy serves an
// architecture with the highest link at or below it, so one above a measured architecture can
// take the nearest lower one's tuned policies (and the library's own policy for it elsewhere); one
// below every measured architecture is left to the library's hub.
struct ArchitectureFallback {
  std::string architecture;                     // "100"
  const ArchitecturePolicies* lower = nullptr;  // the nearest lower one with policies; nullptr: the library's hub
  std::string lowest_measured;                  // with no lower one: the lowest architecture with policies, if any
};

// An architecture's SM number for ordering (90 for "90" and "90a"); -1 where the text has none ("host").
int sm_number(const std::string& architecture);

// The architecture `policies` were measured on: its own, or the one that stands in for it.
const std::string& measured_architecture(const ArchitecturePolicies& policies);

// Among `architectures`, the one with the highest SM number below `architecture`'s; nullptr: none.
const ArchitecturePolicies* nearest_lower(const std::vector<ArchitecturePolicies>& architectures,
                                          const std::string& architecture);

// Per architecture of `requested` that `architectures` has no policies for, in `requested`'s order.
std::vector<ArchitectureFallback> architecture_fallbacks(const std::vector<ArchitecturePolicies>& architectures,
                                                         const std::vector<std::string>& requested);

// What the fallback gives, for the user: "sm_100: no measurements; gets sm_90's tuned policies
// (measured on <device>) and the library's sm_100 policy elsewhere".
std::string describe(const ArchitectureFallback& fallback);

}  // namespace policytune
