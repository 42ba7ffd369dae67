#include "render/hub_keys.hpp"

#include <fmt/format.h>

#include <regex>
#include <vector>

#include "core/user_error.hpp"
#include "core/workload.hpp"

namespace policytune {
namespace {

// `text` with every whole-word `name` replaced by `by`.
std::string replace_word(const std::string& text, const std::string& name, const std::string& by) {
  return std::regex_replace(text, std::regex("\\b" + name + "\\b"), by);
}

// A key entry as the hub writes it: a type parameter as itself, a trait of one as a value_key.
std::string key_part(const std::string& entry, const PolicyTemplate& policy_template) {
  for (const auto& parameter : policy_template.hub_parameters) {
    if (parameter.is_type() && parameter.name == entry) return entry;
  }
  return "::policytune::hub::value_key<(" + entry + ")>";
}

// The key entry for one workload: the type its label names in place of the parameter.
std::string workload_key_part(const std::string& entry, const std::string& type,
                              const PolicyTemplate& policy_template) {
  std::string part = key_part(entry, policy_template);
  for (const auto& parameter : policy_template.hub_parameters) {
    if (parameter.is_type()) part = replace_word(part, parameter.name, type);
  }
  return part;
}

// The labels of a workload, one per key entry, or a UserError where their count differs.
std::vector<AxisValue> axes_of(const PolicyTemplate& policy_template, const std::string& ct_workload) {
  Workload axes = parse_workload(ct_workload);
  const bool host = policy_template.format == HubFormat::host;
  const std::size_t expected = host ? policy_template.hub_parameters.size() : policy_template.key.size();
  if (axes.size() != expected) {
    throw UserError(policy_template.path, host ? 0 : policy_template.key_line,
                    fmt::format("the template keys policies on {} compile-time axes, the results have {} ({})",
                                expected, axes.size(), ct_workload.empty() ? "none" : ct_workload));
  }
  return axes;
}

}  // namespace

std::string hub_key(const PolicyTemplate& policy_template) {
  std::vector<std::string> parts;
  for (const auto& entry : policy_template.key) parts.push_back(key_part(entry, policy_template));
  return fmt::format("{}", fmt::join(parts, ", "));
}

std::string workload_key(const PolicyTemplate& policy_template, const std::string& ct_workload) {
  std::vector<std::string> types;
  for (const auto& [axis, label] : axes_of(policy_template, ct_workload))
    types.push_back(policy_template.spelling_of(label));
  if (policy_template.format == HubFormat::host) return fmt::format("{}", fmt::join(types, ", "));
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < types.size(); ++i)
    parts.push_back(workload_key_part(policy_template.key[i], types[i], policy_template));
  return fmt::format("{}", fmt::join(parts, ", "));
}

std::string hub_class_key(const PolicyTemplate& policy_template) {
  if (policy_template.class_key.empty()) return "";
  std::vector<std::string> parts;
  for (std::size_t axis = 0; axis < policy_template.class_key.size(); ++axis) {
    parts.push_back(policy_template.classes_by_size(axis)
                        ? "::policytune::hub::value_key<(" + policy_template.class_key[axis] + ")>"
                        : key_part(policy_template.key[axis], policy_template));
  }
  return fmt::format("{}", fmt::join(parts, ", "));
}

std::optional<WorkloadClass> workload_class(const PolicyTemplate& policy_template, const std::string& ct_workload,
                                            std::string& why_not) {
  const std::vector<AxisValue> axes = axes_of(policy_template, ct_workload);
  std::vector<std::string> parts, names, members;
  for (std::size_t axis = 0; axis < axes.size(); ++axis) {
    const std::string& label = axes[axis].value;
    if (!policy_template.classes_by_size(axis)) {
      parts.push_back(
          workload_key_part(policy_template.key[axis], policy_template.spelling_of(label), policy_template));
      names.push_back(policy_template.key[axis] + "=" + label);
      continue;
    }
    const auto size = policy_template.size_of(label);
    if (!size) {
      why_not =
          "the size of " + label + " is unknown (a `type: " + label + " = <C++ type> (N bytes)` directive states it)";
      return std::nullopt;
    }
    // sizeof() is a ::cuda::std::size_t: value_key<(sizeof(AccumT))> is this type for every 4-byte AccumT.
    parts.push_back(fmt::format("::policytune::hub::value_key<::cuda::std::size_t{{{}}}>", *size));
    names.push_back(fmt::format("{}={}", policy_template.class_key[axis], *size));
    members.push_back(axes[axis].axis + "=" + label);
  }
  return WorkloadClass{fmt::format("{}", fmt::join(parts, ", ")), fmt::format("{}", fmt::join(names, ", ")),
                       fmt::format("{}", fmt::join(members, ","))};
}

}  // namespace policytune
