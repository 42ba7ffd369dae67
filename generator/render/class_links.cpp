#include "render/class_links.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace policytune {

std::string rendered_policies(const WorkloadPolicy& policy) {
  if (!policy.ranges) return policy.variant ? policy.variant_name : "base";
  const WorkloadRanges& ranges = *policy.ranges;
  std::vector<std::string> variants;
  for (const auto& range : ranges.ranges) variants.push_back(range.variant ? range.range.variant : "base");
  return fmt::format("{} policies over {} ({}; thresholds {})", ranges.ranges.size(), ranges.measured.axis.name,
                     fmt::join(variants, ", "), fmt::join(ranges.cuts, ", "));
}

std::string ClassLink::comment() const {
  return fmt::format("class {}: {} measured to agree: {}", workload_class.name, fmt::join(member_names, ", "),
                     rendered_policies(*members.front()));
}

namespace {

bool members_agree(const ClassLink& group) {
  const std::string first = rendered_policies(*group.members.front());
  for (const WorkloadPolicy* member : group.members) {
    if (rendered_policies(*member) != first) return false;
  }
  return true;
}

// What each member won, for the note on a class whose members disagree.
std::string what_members_won(const ClassLink& group) {
  std::vector<std::string> won;
  for (std::size_t i = 0; i < group.members.size(); ++i)
    won.push_back(group.member_names[i] + ": " + rendered_policies(*group.members[i]));
  return fmt::format("{}", fmt::join(won, "; "));
}

}  // namespace

ClassGrouping group_classes(const PolicyTemplate& policy_template, const ArchitecturePolicies& measured) {
  ClassGrouping grouping;
  if (policy_template.class_key.empty()) return grouping;
  std::vector<ClassLink> groups;
  for (const auto& policy : measured.workloads) {
    std::string why_not;
    const auto found = workload_class(policy_template, policy.ct_workload, why_not);
    if (!found) {
      grouping.notes.push_back(policy.ct_workload + ": no class policy, " + why_not);
      continue;
    }
    auto group = std::find_if(groups.begin(), groups.end(),
                              [&](const ClassLink& candidate) { return candidate.workload_class.key == found->key; });
    if (group == groups.end()) group = groups.insert(groups.end(), ClassLink{*found, {}, {}});
    group->members.push_back(&policy);
    group->member_names.push_back(found->members);
  }
  for (auto& group : groups) {
    const std::string members = fmt::format("{}", fmt::join(group.member_names, ", "));
    if (!members_agree(group)) {
      grouping.notes.push_back(fmt::format("class {}: no class policy, its measured members disagree ({})",
                                           group.workload_class.name, what_members_won(group)));
    } else if (!group.members.front()->variant && !group.members.front()->ranges) {
      // The class would only repeat the library's default, which its other types get anyway.
      grouping.notes.push_back(
          fmt::format("class {}: no class policy, {} measured to agree on base", group.workload_class.name, members));
    } else {
      grouping.links.push_back(std::move(group));
    }
  }
  return grouping;
}

}  // namespace policytune
