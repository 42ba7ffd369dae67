#include "hub_renderer.hpp"

#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <set>

#include "user_error.hpp"
#include "version.hpp"
#include "workload.hpp"

namespace policytune {
namespace {

// Text from measurements (device names, toolkit strings) goes into // comments: no control
// characters, and no backslash, which at a line's end would continue the comment onto code.
std::string comment_safe(const std::string& text) {
  std::string safe;
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    safe += (u < 0x20 || u == 0x7f) ? ' ' : (c == '\\' ? '/' : c);
  }
  return safe;
}

std::string indent(const std::string& body, const std::string& prefix) {
  std::string out;
  std::size_t start = 0;
  while (start < body.size()) {
    std::size_t stop = body.find('\n', start);
    if (stop == std::string::npos) stop = body.size();
    const std::string line = body.substr(start, stop - start);
    if (line.find_first_not_of(" \t\r") != std::string::npos) out += prefix + line;
    out += '\n';
    start = stop + 1;
  }
  // Collapse the blank lines mustache leaves where sections were.
  std::string collapsed;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '\n' && (collapsed.empty() || collapsed.back() == '\n') ) continue;
    collapsed += out[i];
  }
  return collapsed;
}

std::map<std::string, std::int64_t> values_of(const SearchSpace& space, const Variant& variant) {
  std::map<std::string, std::int64_t> values;
  for (std::size_t i = 0; i < space.parameters().size(); ++i) values[space.parameters()[i].label] = variant.at(i);
  return values;
}

// The C++ types a compile-time workload names, in axis order, as template arguments: `float, ::std::uint32_t`.
std::string key_types(const PolicyTemplate& policy_template, const std::string& ct_workload, std::size_t expected) {
  std::vector<std::string> types;
  for (const auto& [axis, label] : parse_workload(ct_workload)) types.push_back(policy_template.spelling_of(label));
  if (types.size() != expected) {
    throw UserError(policy_template.path, 0,
                    fmt::format("the template keys policies on {} compile-time axes, the results have {} ({})", expected,
                                types.size(), ct_workload.empty() ? "none" : ct_workload));
  }
  return fmt::format("{}", fmt::join(types, ", "));
}

// Why a workload that could have had a dispatch has one policy (with --dispatch).
std::string dispatch_note(const WorkloadPolicy& policy, const std::string& prefix) {
  if (policy.ranges || policy.dispatch_verdict.empty()) return "";
  return prefix + "//   dispatch: " + comment_safe(policy.dispatch_verdict) + "\n";
}

std::string provenance_comment(const WorkloadPolicy& policy, const std::string& prefix) {
  std::string text = prefix + "// " + comment_safe(policy.ct_workload.empty() ? "all workloads" : policy.ct_workload) + ": ";
  if (!policy.variant) return text + comment_safe(policy.provenance) + "\n" + dispatch_note(policy, prefix);
  const VariantScore& s = *policy.score;
  text += fmt::format("{}, score {:.6f} (min {:.6f}, mean {:.6f}, max {:.6f}; noise {:.4f})\n", policy.variant_name,
                      s.score, s.min, s.mean, s.max, policy.noise);
  return text + prefix + "//   " + comment_safe(policy.provenance) + "\n" + dispatch_note(policy, prefix);
}

// The summary above a dispatched workload's policies.
std::string ranges_comment(const WorkloadPolicy& policy, const std::string& prefix) {
  const WorkloadRanges& ranges = *policy.ranges;
  std::string text = prefix + fmt::format("// {}: {} policies over {}, score {:.6f} against one policy {} {:.6f}: {:+.2f}% (noise {:.2f}%)\n",
                                          comment_safe(policy.ct_workload.empty() ? "all workloads" : policy.ct_workload),
                                          ranges.ranges.size(), comment_safe(ranges.measured.axis.name),
                                          ranges.measured.score, policy.variant_name,
                                          policy.score ? policy.score->score : 1.0, 100 * ranges.margin, 100 * ranges.noise);
  return text + prefix + "//   " + comment_safe(policy.provenance) + "\n";
}

std::string range_comment(const WorkloadPolicy& policy, std::size_t index, const std::string& prefix) {
  const WorkloadRanges& ranges = *policy.ranges;
  const DispatchRange& range = ranges.ranges.at(index).range;
  const DispatchAxis& axis = ranges.measured.axis;
  return prefix + fmt::format("// range {} of {}, {} {}: {}, score {:.6f} over the range (weight {:.3f})\n", index,
                              ranges.ranges.size(), comment_safe(axis.name), axis.describe(range), range.variant, range.score,
                              range.weight);
}

// The decision tree over the runtime value that picks ranges [low, high]: balanced, each test
// a literal threshold commented with the measurements on both sides of it.
std::string decision_tree(const WorkloadRanges& ranges, std::size_t low, std::size_t high, const std::string& parameter,
                          const std::string& prefix) {
  if (low == high) return prefix + fmt::format("return {};\n", low);
  const std::size_t upper = (low + high + 1) / 2;  // first range of the upper half
  std::string text = prefix + "// " + comment_safe(describe_threshold(ranges.measured, upper - 1)) + "\n";
  text += prefix + fmt::format("if ({} < {})\n", parameter, ranges.cuts.at(upper - 1)) + prefix + "{\n";
  text += decision_tree(ranges, low, upper - 1, parameter, prefix + "  ") + prefix + "}\n";
  return text + decision_tree(ranges, upper, high, parameter, prefix);
}

// The members of a selector: how many ranges, and which one serves a runtime value.
std::string selector_members(const WorkloadPolicy* policy, const std::string& parameter, const std::string& prefix) {
  if (policy == nullptr || !policy->ranges) {
    return prefix + "static constexpr int count = 1;\n" + prefix +
           "static constexpr int select(::std::int64_t) { return 0; }\n";
  }
  const WorkloadRanges& ranges = *policy->ranges;
  std::string text = prefix + fmt::format("static constexpr int count = {};\n", ranges.ranges.size());
  text += prefix + "// Sizes outside the measured ones take the nearest range.\n";
  text += prefix + "static constexpr int select(::std::int64_t " + parameter + ")\n" + prefix + "{\n";
  text += decision_tree(ranges, 0, ranges.ranges.size() - 1, parameter, prefix + "  ");
  return text + prefix + "}\n";
}

std::string parameter_of(const HubRequest& request) {
  DispatchAxis axis;
  axis.name = request.dispatch_axis;
  return axis.parameter_name();
}

std::string header_start(const PolicyTemplate& policy_template, const HubRequest& request, const std::string& what) {
  std::string out = "// SPDX-License-Identifier: Apache-2.0\n";
  out += fmt::format("// {} for {}, generated by policytune {} from {} with {}.\n", what, request.benchmark, kVersion,
                     comment_safe(std::filesystem::path(request.database).filename().string()),
                     comment_safe(std::filesystem::path(policy_template.path).filename().string()));
  out += "// Do not edit: regenerate with `policytune generate`.\n";
  switch (request.mode) {
    case RenderMode::tuned: break;
    case RenderMode::base: out += "// Mode base: the library's default policies everywhere; no measurements used.\n"; break;
    case RenderMode::test: out += "// Mode test: the benchmark's declared test variant everywhere; no measurements used.\n"; break;
  }
  out += "#pragma once\n\n";
  std::vector<std::string> includes = policy_template.includes;
  if (policy_template.kind == PolicyTemplate::Kind::cuda) includes.push_back("<cub/util_device.cuh>");
  includes.push_back("<cstdint>");
  if (policy_template.kind == PolicyTemplate::Kind::cuda) includes.push_back("<cuda/std/type_traits>");
  std::set<std::string> seen;
  for (const auto& include : includes) {
    if (seen.insert(include).second) out += "#include " + include + "\n";
  }
  return out + "\n";
}

constexpr const char* kChainHelpers = R"cpp(namespace detail
{
// The link of a cub::ChainedPolicy chain that Invoke would pick for `Arch`: the library's own
// policy for an architecture, which untuned workloads fall back to.
template <int Version, class Policy, class Previous>
Previous previous_link(const ::cub::ChainedPolicy<Version, Policy, Previous>*);
template <int Version, class Policy, class Previous>
::cuda::std::integral_constant<int, Version> link_version(const ::cub::ChainedPolicy<Version, Policy, Previous>*);

template <class Link,
          int Arch,
          bool Serves = (decltype(link_version(static_cast<Link*>(nullptr)))::value <= Arch),
          bool Last   = ::cuda::std::is_same_v<Link, decltype(previous_link(static_cast<Link*>(nullptr)))>>
struct policy_at
{
  using type = typename policy_at<decltype(previous_link(static_cast<Link*>(nullptr))), Arch>::type;
};
template <class Link, int Arch, bool Last>
struct policy_at<Link, Arch, true, Last>
{
  using type = Link;
};
template <class Link, int Arch>
struct policy_at<Link, Arch, false, true>
{
  using type = Link;
};

// Compile-time workloads as one type, so that policies specialise on it.
template <class... Types>
struct workload_key
{};
} // namespace detail

)cpp";

constexpr const char* kRangeHelpers = R"cpp(namespace detail
{
constexpr int most_ranges(int a, int b)
{
  return a > b ? a : b;
}
} // namespace detail

)cpp";

// The hub's public face for a runtime dispatch: how many ranges the key has on any link, and which
// one a device of `ptx_version` takes for a runtime value (the link cub::ChainedPolicy picks).
std::string render_range_selection(const std::vector<ArchitecturePolicies>& links, const HubRequest& request) {
  const std::string parameter = parameter_of(request);
  std::string count = "1";
  for (const auto& link : links) count = "detail::most_ranges(sm" + link.architecture + "_ranges<key>::count, " + count + ")";
  std::string out = fmt::format("  // A policy per range of {}: instantiate the hub with Range = select_range(ptx_version, {}),\n",
                                comment_safe(request.dispatch_axis), parameter);
  out += "  // which is below range_count (1 where no dispatch beat one policy).\n";
  out += "  static constexpr int range_count = " + count + ";\n";
  out += "  static constexpr int select_range([[maybe_unused]] int ptx_version, [[maybe_unused]] ::std::int64_t " + parameter +
         ")\n  {\n";
  for (auto link = links.rbegin(); link != links.rend(); ++link) {
    out += fmt::format("    if (ptx_version >= {0}0)\n    {{\n      return sm{0}_ranges<key>::select({1});\n    }}\n",
                       link->architecture, parameter);
  }
  out += "    return 0; // below the lowest link: the library's hub, one policy\n  }\n";
  return out;
}

std::string render_cuda(const PolicyTemplate& t, const SearchSpace& space,
                        const std::vector<ArchitecturePolicies>& measured, const HubRequest& request) {
  std::string out = header_start(t, request, "CUDA policy hub");
  out += "namespace " + request.name_space + "\n{\n" + kChainHelpers;
  const bool ranged = !request.dispatch_axis.empty();
  if (ranged) out += kRangeHelpers;
  std::string parameters, arguments;
  for (const auto& parameter : t.hub_parameters) {
    parameters += (parameters.empty() ? "" : ", ") + std::string("class ") + parameter;
    arguments += (arguments.empty() ? "" : ", ") + parameter;
  }
  if (ranged) parameters += ", int Range = 0";
  std::string key;
  for (const auto& part : t.key) key += (key.empty() ? "" : ", ") + part;
  out += "template <" + parameters + ">\nstruct " + t.hub_name + "\n{\nprivate:\n";
  out += "  using default_hub = " + t.default_hub + ";\n";
  out += "  using key         = detail::workload_key<" + key + ">;\n";
  out += "  template <int Arch>\n  using default_policy = typename detail::policy_at<typename default_hub::MaxPolicy, Arch>::type;\n";

  // Which architectures get a link, and why.
  std::vector<ArchitecturePolicies> links;
  if (request.mode == RenderMode::tuned) {
    for (const auto& architecture : measured) {
      if (architecture.architecture != "host") links.push_back(architecture);
    }
  } else if (request.mode == RenderMode::test) {
    for (const auto& architecture : request.architectures) links.push_back({architecture, "test mode", {}});
  }

  // With ranges, each link's policies take the range as a second key: `R` where one policy
  // serves every range, a number where each range has its own.
  const std::string any_range = ranged ? "int R, " : "";
  const std::string with_range = ranged ? ", R" : "";
  for (const auto& link : links) {
    const std::string arch = link.architecture;
    const std::string default_policy = "default_policy<" + arch + "0>";
    const std::map<std::string, std::string> extra{{"default_policy", default_policy}, {"arch", arch}};
    out += fmt::format("\n  // sm_{}: {}\n", arch, comment_safe(link.device_note));
    const bool test = request.mode == RenderMode::test;
    const auto primary_values = test && request.test_variant ? values_of(space, *request.test_variant)
                                                             : std::map<std::string, std::int64_t>{};
    if (test) out += fmt::format("  // all workloads: {} (test mode)\n", space.name_of(*request.test_variant));
    for (const auto& policy : link.workloads) {
      if (!policy.variant && !policy.ranges) out += provenance_comment(policy, "  ");
    }
    out += std::string("  template <class Key, ") + (ranged ? "int R, " : "") + "class = void>\n  struct sm" + arch + "\n  {\n";
    out += indent(t.render(primary_values, test, extra), "    ");
    out += "  };\n";
    for (const auto& policy : link.workloads) {
      if (!policy.variant && !policy.ranges) continue;
      const std::string types = key_types(t, policy.ct_workload, t.key.size());
      if (policy.ranges) {
        out += ranges_comment(policy, "  ");
        for (std::size_t r = 0; r < policy.ranges->ranges.size(); ++r) {
          const auto& range = policy.ranges->ranges[r];
          out += range_comment(policy, r, "  ");
          out += fmt::format("  template <class Unused>\n  struct sm{}<detail::workload_key<{}>, {}, Unused>\n  {{\n", arch,
                             types, r);
          out += indent(range.variant ? t.render(values_of(space, *range.variant), true, extra)
                                      : t.render(primary_values, false, extra),
                        "    ");
          out += "  };\n";
        }
        continue;
      }
      out += provenance_comment(policy, "  ");
      out += "  template <" + any_range + "class Unused>\n  struct sm" + arch + "<detail::workload_key<" + types + ">" +
             with_range + ", Unused>\n  {\n";
      out += indent(t.render(values_of(space, *policy.variant), true, extra), "    ");
      out += "  };\n";
    }
    if (!ranged) continue;
    out += fmt::format("  // Which range serves a runtime {} on sm_{}.\n", comment_safe(request.dispatch_axis), arch);
    out += "  template <class Key, class = void>\n  struct sm" + arch + "_ranges\n  {\n";
    out += selector_members(nullptr, parameter_of(request), "    ") + "  };\n";
    for (const auto& policy : link.workloads) {
      if (!policy.ranges) continue;
      const std::string types = key_types(t, policy.ct_workload, t.key.size());
      out += "  template <class Unused>\n  struct sm" + arch + "_ranges<detail::workload_key<" + types + ">, Unused>\n  {\n";
      out += selector_members(&policy, parameter_of(request), "    ") + "  };\n";
    }
  }

  out += "\npublic:\n";
  if (ranged) out += render_range_selection(links, request);
  std::set<std::string> linked;
  for (const auto& link : links) linked.insert(link.architecture);
  std::vector<std::string> unserved;
  for (const auto& arch : request.architectures) {
    if (linked.count(arch) == 0) unserved.push_back(arch);
  }
  if (links.empty()) {
    out += "  // No tuned architecture: every device gets the library's own policies.\n";
    if (!unserved.empty()) {
      std::string names;
      for (const auto& arch : unserved) names += (names.empty() ? "sm_" : ", sm_") + arch;
      out += "  // Not measured: " + names + ".\n";
    }
    out += "  using MaxPolicy = typename default_hub::MaxPolicy;\n";
  } else {
    out += "  // The chain, lowest first; below the lowest link the library's own hub decides.\n";
    for (const auto& arch : unserved) {
      out += fmt::format("  // sm_{}: no measurements; served by the nearest lower link (or, below sm_{}, the library's hub).\n",
                         arch, links.front().architecture);
    }
    std::string previous = "typename default_hub::MaxPolicy";
    for (const auto& link : links) {
      const std::string name = "Policy" + link.architecture + "0";
      out += fmt::format("  struct {0}\n      : ::cub::ChainedPolicy<{1}0, {0}, {2}>\n      , sm{1}<key{3}>\n  {{}};\n", name,
                         link.architecture, previous, ranged ? ", Range" : "");
      previous = name;
    }
    out += "  using MaxPolicy = " + previous + ";\n";
  }
  out += "};\n} // namespace " + request.name_space + "\n";
  return out;
}

std::string render_host(const PolicyTemplate& t, const SearchSpace& space,
                        const std::vector<ArchitecturePolicies>& measured, const HubRequest& request) {
  std::string out = header_start(t, request, "Host policies");
  out += "namespace " + request.name_space + "\n{\n";
  const bool ranged = !request.dispatch_axis.empty();
  std::string parameters;
  for (const auto& parameter : t.hub_parameters) parameters += (parameters.empty() ? "" : ", ") + std::string("class ") + parameter;
  const std::string struct_parameters = ranged ? parameters + (parameters.empty() ? "" : ", ") + "int Range = 0" : parameters;
  const ArchitecturePolicies* host = nullptr;
  for (const auto& architecture : measured) {
    if (architecture.architecture == "host") host = &architecture;
  }
  const bool test = request.mode == RenderMode::test;
  const bool tuned = host != nullptr && request.mode == RenderMode::tuned;
  std::map<std::string, std::int64_t> primary = t.base_values;
  if (test) primary = values_of(space, *request.test_variant);
  out += test ? fmt::format("// all workloads: {} (test mode)\n", space.name_of(*request.test_variant))
              : "// The library's default policy.\n";
  if (tuned) {
    out += "// " + comment_safe(host->device_note) + "\n";
    for (const auto& policy : host->workloads) {
      if (!policy.variant && !policy.ranges) out += provenance_comment(policy, "");
    }
  }
  if (!struct_parameters.empty()) out += "template <" + struct_parameters + ">\n";
  out += "struct " + t.hub_name + "\n{\n" + indent(t.render(primary, test, {}), "  ") + "};\n";
  const auto types_of = [&](const WorkloadPolicy& policy) {
    return key_types(t, policy.ct_workload, t.hub_parameters.size());
  };
  if (tuned) {
    for (const auto& policy : host->workloads) {
      if (policy.ranges) {
        out += "\n" + ranges_comment(policy, "");
        for (std::size_t r = 0; r < policy.ranges->ranges.size(); ++r) {
          const auto& range = policy.ranges->ranges[r];
          out += range_comment(policy, r, "");
          out += fmt::format("template <>\nstruct {}<{}, {}>\n{{\n", t.hub_name, types_of(policy), r);
          out += indent(range.variant ? t.render(values_of(space, *range.variant), true, {}) : t.render(t.base_values, false, {}),
                        "  ") +
                 "};\n";
        }
        continue;
      }
      if (!policy.variant) continue;
      out += "\n" + provenance_comment(policy, "");
      out += std::string(ranged ? "template <int Range>\n" : "template <>\n") + "struct " + t.hub_name + "<" +
             types_of(policy) + (ranged ? ", Range" : "") + ">\n{\n";
      out += indent(t.render(values_of(space, *policy.variant), true, {}), "  ") + "};\n";
    }
  }
  if (ranged) {
    const std::string selector = t.hub_name + "_ranges";
    out += fmt::format("\n// Which Range of {} serves a runtime {}: count ranges (1 where no dispatch beat one policy).\n",
                       t.hub_name, comment_safe(request.dispatch_axis));
    if (!parameters.empty()) out += "template <" + parameters + ">\n";
    out += "struct " + selector + "\n{\n" + selector_members(nullptr, parameter_of(request), "  ") + "};\n";
    if (tuned) {
      for (const auto& policy : host->workloads) {
        if (!policy.ranges) continue;
        out += "template <>\nstruct " + selector + "<" + types_of(policy) + ">\n{\n";
        out += selector_members(&policy, parameter_of(request), "  ") + "};\n";
      }
    }
  }
  out += "} // namespace " + request.name_space + "\n";
  return out;
}

}  // namespace

std::string render_hub(const PolicyTemplate& policy_template, const SearchSpace& space,
                       const std::vector<ArchitecturePolicies>& architectures, const HubRequest& request) {
  if (!is_qualified_identifier(request.name_space) || request.name_space.rfind("::", 0) == 0) {
    throw UserError("--namespace '" + request.name_space + "' is not a C++ namespace name (a or a::b)");
  }
  for (const auto& arch : request.architectures) {
    if (arch.empty() || arch.find_first_not_of("0123456789") != std::string::npos) {
      throw UserError("architecture '" + arch + "' is not an SM number such as 90");
    }
  }
  if (!request.dispatch_axis.empty() && parameter_of(request).rfind("value_", 0) == 0) {
    throw UserError("--dispatch '" + request.dispatch_axis + "' does not name a runtime axis such as Elements{io}");
  }
  if (request.mode == RenderMode::test && !request.test_variant) {
    throw UserError("test mode needs the benchmark's test variant (a `// %TEST% <variant>` line)");
  }
  return policy_template.kind == PolicyTemplate::Kind::cuda ? render_cuda(policy_template, space, architectures, request)
                                                            : render_host(policy_template, space, architectures, request);
}

}  // namespace policytune
