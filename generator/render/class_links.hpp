#pragma once

#include <string>
#include <vector>

#include "render/hub_keys.hpp"
#include "render/policy_template.hpp"
#include "select/selected_policies.hpp"

namespace policytune {

// Which type classes of one architecture's link get a policy of their own (a `class:` directive):
// a class whose measured members all won the same rendered policies (the same variant; with a
// dispatch the same ranges and thresholds), other than the library's default. A workload outside
// every class (a label of unknown size), a class whose members disagree, and one that agreed on
// the library's default get none, and a note that says so.
struct ClassLink {
  WorkloadClass workload_class;                // its `members` text is the first member's
  std::vector<const WorkloadPolicy*> members;  // in the link's order; the first stands for all
  std::vector<std::string> member_names;       // comment text: each member on the classed axes, `T{ct}=I32`
  std::string comment() const;                 // comment text: the class, its members, what they agreed on
};

struct ClassGrouping {
  std::vector<ClassLink> links;    // in the order their first member appears
  std::vector<std::string> notes;  // comment text: the classes and workloads without a class link
};

// Groups `measured`'s workloads by class. `measured` must outlive the result (members point into it).
ClassGrouping group_classes(const PolicyTemplate& policy_template, const ArchitecturePolicies& measured);

// What a workload's rendered policies are, as text: `base`, a variant name, or with a dispatch its
// ranges' variants and thresholds. Two workloads agree where these are equal.
std::string rendered_policies(const WorkloadPolicy& policy);

}  // namespace policytune
