#include "render/hub_model.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <regex>
#include <set>

#include "core/comment_text.hpp"
#include "core/user_error.hpp"
#include "core/version.hpp"
#include "core/workload.hpp"
#include "select/architecture_fallback.hpp"

namespace policytune {
namespace {

std::map<std::string, std::int64_t> values_of(const SearchSpace& space, const Variant& variant) {
  std::map<std::string, std::int64_t> values;
  for (std::size_t i = 0; i < space.parameters().size(); ++i) values[space.parameters()[i].label] = variant.at(i);
  return values;
}

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

// A compile-time workload as template arguments: `float, ::std::uint32_t` (host structs), or the
// hub's key entries evaluated for it (CUDA hubs).
std::string workload_key(const PolicyTemplate& policy_template, const std::string& ct_workload) {
  std::vector<std::string> types;
  for (const auto& [axis, label] : parse_workload(ct_workload)) types.push_back(policy_template.spelling_of(label));
  const bool host = policy_template.format == HubFormat::host;
  const std::size_t expected = host ? policy_template.hub_parameters.size() : policy_template.key.size();
  if (types.size() != expected) {
    throw UserError(policy_template.path, host ? 0 : policy_template.key_line,
                    fmt::format("the template keys policies on {} compile-time axes, the results have {} ({})",
                                expected, types.size(), ct_workload.empty() ? "none" : ct_workload));
  }
  if (host) return fmt::format("{}", fmt::join(types, ", "));
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < types.size(); ++i)
    parts.push_back(workload_key_part(policy_template.key[i], types[i], policy_template));
  return fmt::format("{}", fmt::join(parts, ", "));
}

std::string workload_name(const WorkloadPolicy& policy) {
  return policy.ct_workload.empty() ? "all workloads" : policy.ct_workload;
}

// Why a workload that could have had a dispatch has one policy (with --dispatch).
void add_dispatch_note(const WorkloadPolicy& policy, CommentLines& lines) {
  if (policy.ranges || policy.dispatch_verdict.empty()) return;
  lines.push_back("  dispatch: " + policy.dispatch_verdict);
}

void add_provenance(const WorkloadPolicy& policy, CommentLines& lines) {
  if (!policy.variant) {
    lines.push_back(workload_name(policy) + ": " + policy.provenance);
  } else {
    const VariantScore& s = *policy.score;
    lines.push_back(fmt::format("{}: {}, score {:.6f} (min {:.6f}, mean {:.6f}, max {:.6f}; noise {:.4f})",
                                workload_name(policy), policy.variant_name, s.score, s.min, s.mean, s.max,
                                policy.noise));
    lines.push_back("  " + policy.provenance);
  }
  add_dispatch_note(policy, lines);
}

// The summary above a dispatched workload's policies.
void add_ranges_summary(const WorkloadPolicy& policy, CommentLines& lines) {
  const WorkloadRanges& ranges = *policy.ranges;
  lines.push_back(fmt::format(
      "{}: {} policies over {}, score {:.6f} against one policy {} {:.6f}: {:+.2f}% (noise {:.2f}%)",
      workload_name(policy), ranges.ranges.size(), ranges.measured.axis.name, ranges.measured.score,
      policy.variant_name, policy.score ? policy.score->score : 1.0, 100 * ranges.margin, 100 * ranges.noise));
  lines.push_back("  " + policy.provenance);
}

std::string range_summary(const WorkloadPolicy& policy, std::size_t index) {
  const WorkloadRanges& ranges = *policy.ranges;
  const DispatchRange& range = ranges.ranges.at(index).range;
  const DispatchAxis& axis = ranges.measured.axis;
  return fmt::format("range {} of {}, {} {}: {}, score {:.6f} over the range (weight {:.3f})", index,
                     ranges.ranges.size(), axis.name, axis.describe(range), range.variant, range.score, range.weight);
}

// The decision tree over the runtime value that picks ranges [low, high]: balanced, each test
// a literal threshold commented with the measurements on both sides of it.
std::string decision_tree(const WorkloadRanges& ranges, std::size_t low, std::size_t high, const std::string& parameter,
                          const std::string& prefix) {
  if (low == high) return prefix + fmt::format("return {};\n", low);
  const std::size_t upper = (low + high + 1) / 2;  // first range of the upper half
  std::string text = prefix + comment_line(describe_threshold(ranges.measured, upper - 1));
  text += prefix + fmt::format("if ({} < {})\n", parameter, ranges.cuts.at(upper - 1)) + prefix + "{\n";
  text += decision_tree(ranges, low, upper - 1, parameter, prefix + "  ") + prefix + "}\n";
  return text + decision_tree(ranges, upper, high, parameter, prefix);
}

CommentLines banner(const PolicyTemplate& policy_template, const HubRequest& request,
                    const std::vector<ArchitecturePolicies>& architectures) {
  static const std::map<HubFormat, std::string> what{{HubFormat::chained_policy, "CUDA policy hub"},
                                                     {HubFormat::policy_selector, "CUDA policy selector"},
                                                     {HubFormat::host, "Host policies"}};
  CommentLines lines{"SPDX-License-Identifier: Apache-2.0"};
  // Base and test modes read no database: the header names none.
  const std::string source =
      request.mode == RenderMode::tuned ? " from " + std::filesystem::path(request.database).filename().string() : "";
  lines.push_back(fmt::format("{} for {}, generated by policytune {}{} with {}.", what.at(policy_template.format),
                              request.benchmark, kVersion, source,
                              std::filesystem::path(policy_template.path).filename().string()));
  lines.push_back("Do not edit: regenerate with `policytune generate`.");
  switch (request.mode) {
    case RenderMode::tuned:
      break;
    case RenderMode::base:
      lines.push_back("Mode base: the library's default policies everywhere; no measurements used.");
      break;
    case RenderMode::test:
      lines.push_back("Mode test: the benchmark's declared test variant everywhere; no measurements used.");
      break;
  }
  // A device nobody measured the architecture of (nearest match): the whole header is a stand-in
  // for it, so the top says so, not only its link.
  for (const auto& architecture : architectures) {
    if (request.mode == RenderMode::tuned && measured_architecture(architecture) != architecture.architecture) {
      lines.push_back("sm_" + architecture.architecture + ": " + architecture.device_note + ".");
    }
  }
  return lines;
}

std::vector<std::string> includes(const PolicyTemplate& policy_template) {
  std::vector<std::string> wanted = policy_template.includes;
  if (policy_template.format != HubFormat::host) wanted.push_back("<policytune/detail/hub_support.cuh>");
  wanted.push_back("<cstdint>");
  std::vector<std::string> unique;
  std::set<std::string> seen;
  for (const auto& include : wanted) {
    if (seen.insert(include).second) unique.push_back(include);
  }
  return unique;
}

// Renders the template's body for a workload of `link`.
struct PolicyRenderer {
  const PolicyTemplate& policy_template;
  const SearchSpace& space;
  std::map<std::string, std::int64_t> fallback_values;  // base values (host) or the test variant's
  bool fallback_tuned = false;                          // test mode: the fallback is a tuned policy

  std::map<std::string, std::string> extra(const std::string& architecture) const {
    switch (policy_template.format) {
      case HubFormat::chained_policy:
        return {{"default_policy", "default_policy<" + architecture + "0>"}, {"arch", architecture}};
      case HubFormat::policy_selector:
        return {{"default_policy", "default_selector{}(cc)"}, {"arch", architecture}};
      case HubFormat::host:
        break;
    }
    return {};
  }
  std::string fallback(const std::string& architecture) const {
    return policy_template.render(fallback_values, fallback_tuned, extra(architecture));
  }
  std::string winner(const Variant& variant, const std::string& architecture) const {
    return policy_template.render(values_of(space, variant), true, extra(architecture));
  }
};

HubLink build_link(const ArchitecturePolicies& measured, const PolicyRenderer& renderer, const HubRequest& request) {
  const PolicyTemplate& t = renderer.policy_template;
  const bool host = t.format == HubFormat::host;
  const std::string arch = measured.architecture;
  HubLink link;
  link.architecture = arch;
  link.note = measured.device_note;
  link.fallback = renderer.fallback(arch);
  const bool ranged = !request.dispatch_axis.empty();
  for (const auto& policy : measured.workloads) {
    if (!policy.variant && !policy.ranges) {
      add_provenance(policy, link.untuned);
      continue;
    }
    const std::string key = workload_key(t, policy.ct_workload);
    if (!policy.ranges) {
      CommentLines comment;
      add_provenance(policy, comment);
      link.entries.push_back(
          {comment, key, ranged ? (host ? "Range" : "R") : "", renderer.winner(*policy.variant, arch)});
      continue;
    }
    const WorkloadRanges& ranges = *policy.ranges;
    for (std::size_t r = 0; r < ranges.ranges.size(); ++r) {
      const auto& range = ranges.ranges[r];
      CommentLines comment;
      if (r == 0) add_ranges_summary(policy, comment);
      comment.push_back(range_summary(policy, r));
      link.entries.push_back({comment, key, std::to_string(r),
                              range.variant ? renderer.winner(*range.variant, arch)
                                            : t.render(renderer.fallback_values, false, renderer.extra(arch))});
    }
    link.selectors.push_back({key, ranges.ranges.size(),
                              decision_tree(ranges, 0, ranges.ranges.size() - 1, request_parameter(request), "")});
  }
  return link;
}

// A host struct without template parameters (a benchmark without compile-time axes) cannot be
// specialised per workload: its one workload's policy, and its one selector, are the primary ones.
// Policies of single ranges stay specialisations of `template <int Range = 0>`.
void fold_unkeyed_workload(HubModel& model) {
  for (auto& link : model.links) {
    for (auto entry = link.entries.begin(); entry != link.entries.end();) {
      if (entry->key.empty() && (entry->range.empty() || entry->range == "Range")) {
        model.fallback = entry->policy;
        model.fallback_comment = entry->comment;
        entry = link.entries.erase(entry);
      } else {
        ++entry;
      }
    }
    for (auto selector = link.selectors.begin(); selector != link.selectors.end();) {
      if (selector->key.empty()) {
        model.primary_selector = *selector;
        selector = link.selectors.erase(selector);
      } else {
        ++selector;
      }
    }
  }
}

}  // namespace

std::string request_parameter(const HubRequest& request) {
  DispatchAxis axis;
  axis.name = request.dispatch_axis;
  return axis.parameter_name();
}

HubModel build_hub_model(const PolicyTemplate& policy_template, const SearchSpace& space,
                         const std::vector<ArchitecturePolicies>& architectures, const HubRequest& request) {
  const PolicyTemplate& t = policy_template;
  HubModel model;
  model.format = t.format;
  model.banner = banner(t, request, architectures);
  model.includes = includes(t);
  model.name_space = request.name_space;
  model.hub_name = t.hub_name;
  model.parameters = t.hub_parameters;
  model.default_hub = t.default_hub;
  model.policy_type = t.policy_type;
  std::vector<std::string> key;
  for (const auto& entry : t.key) key.push_back(key_part(entry, t));
  model.key = fmt::format("{}", fmt::join(key, ", "));
  model.dispatch_axis = request.dispatch_axis;
  if (!request.dispatch_axis.empty()) model.dispatch_parameter = request_parameter(request);

  const bool host = t.format == HubFormat::host;
  const bool test = request.mode == RenderMode::test;
  PolicyRenderer renderer{t, space, host ? t.base_values : std::map<std::string, std::int64_t>{}, test};
  if (test) {
    renderer.fallback_values = values_of(space, *request.test_variant);
    model.test_note = space.name_of(*request.test_variant) + " (test mode)";
  }

  // Which architectures get a link: in tuned mode the measured ones, in test mode the requested.
  if (host) {
    // One struct for every workload, and, where the host was measured, its tuned specialisations.
    model.fallback = renderer.fallback("host");
    for (const auto& architecture : architectures) {
      if (architecture.architecture == "host" && request.mode == RenderMode::tuned) {
        model.links.push_back(build_link(architecture, renderer, request));
      }
    }
    if (t.hub_parameters.empty()) fold_unkeyed_workload(model);
    return model;
  }
  if (request.mode == RenderMode::tuned) {
    std::vector<ArchitecturePolicies> measured;
    for (const auto& architecture : architectures) {
      if (architecture.architecture != "host") measured.push_back(architecture);
    }
    // A requested architecture without measurements above a measured one gets a link of its own
    // with the nearest lower one's winners, so that its untuned workloads fall back to the
    // library's policy for it, not for the lower architecture.
    std::vector<ArchitecturePolicies> links = measured;
    for (const auto& fallback : architecture_fallbacks(measured, request.architectures)) {
      if (fallback.lower == nullptr) continue;  // below every measured one: the library's hub
      ArchitecturePolicies borrowed = *fallback.lower;
      borrowed.architecture = fallback.architecture;
      borrowed.device_note = "no measurements; sm_" + measured_architecture(*fallback.lower) +
                             "'s winners, the library's sm_" + fallback.architecture + " policy for the rest";
      links.push_back(std::move(borrowed));
    }
    std::stable_sort(links.begin(), links.end(), [](const ArchitecturePolicies& a, const ArchitecturePolicies& b) {
      return sm_number(a.architecture) < sm_number(b.architecture);
    });
    for (const auto& link : links) model.links.push_back(build_link(link, renderer, request));
  } else if (test) {
    for (const auto& architecture : request.architectures) {
      model.links.push_back(build_link({architecture, "test mode", {}}, renderer, request));
    }
  }
  std::set<std::string> linked;
  for (const auto& link : model.links) linked.insert(link.architecture);
  for (const auto& arch : request.architectures) {
    if (linked.count(arch) == 0) model.unserved.push_back(arch);
  }
  return model;
}

}  // namespace policytune
