#include "select/select_winners.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <set>

#include "core/user_error.hpp"
#include "select/architecture_fallback.hpp"
#include "select/pick_winner.hpp"
#include "select/workload_group.hpp"

namespace policytune {
namespace {

std::string latest_date(const std::vector<const Measurement*>& rows, const std::string& variant) {
  std::string latest;
  for (const auto* row : rows) {
    if (row->variant == variant) latest = std::max(latest, row->recorded_at.substr(0, 10));
  }
  return latest;
}

// Fills `policy.ranges` when a dispatch over several policies is kept and can be rendered.
void select_ranges(const WorkloadGroup& group, const SearchSpace& space, DispatchOptions options,
                   WorkloadPolicy& policy) {
  options.usable = [&](const std::string& variant) { return space.parse_name(variant).has_value(); };
  WorkloadDispatch selected = select_dispatch(group, options);
  policy.dispatch_verdict = selected.verdict;
  if (!selected.kept) return;
  WorkloadRanges ranges;
  for (std::size_t t = 0; t < selected.dispatch->thresholds.size(); ++t) {
    const auto& threshold = selected.dispatch->thresholds[t];
    const auto cut = selected.dispatch->axis.boundary(threshold.below, threshold.above);
    if (!cut) {
      policy.dispatch_verdict =
          fmt::format("one policy: {} between {} and {} is not an integer size a selector can test",
                      selected.dispatch->axis.name, threshold.below, threshold.above);
      return;
    }
    ranges.cuts.push_back(*cut);
  }
  for (const auto& range : selected.dispatch->ranges) {
    ranges.ranges.push_back({range, range.variant == "base" ? std::nullopt : space.parse_name(range.variant)});
  }
  ranges.margin = selected.margin;
  ranges.noise = selected.noise;
  ranges.measured = std::move(*selected.dispatch);
  policy.ranges = std::move(ranges);
}

// The measured architectures, SM numbers ascending, the host last.
std::vector<std::string> architectures_in_order(
    const std::map<std::string, std::set<std::string>>& devices_by_architecture) {
  std::vector<std::string> architectures;
  for (const auto& [architecture, devices] : devices_by_architecture) architectures.push_back(architecture);
  std::sort(architectures.begin(), architectures.end(), [](const std::string& a, const std::string& b) {
    const bool a_host = a == "host", b_host = b == "host";
    if (a_host != b_host) return b_host;
    return a.size() != b.size() ? a.size() < b.size() : a < b;  // numeric order of SM numbers
  });
  return architectures;
}

// The device whose measurements serve `architecture` and a note when it is not the one asked for;
// nullopt when the architecture was not measured on the device an exact match asks for.
std::optional<std::pair<std::string, std::string>> device_for(const std::string& architecture,
                                                              const std::set<std::string>& devices,
                                                              const WinnerOptions& options) {
  const auto preferred = std::find_if(options.preferred_devices.begin(), options.preferred_devices.end(),
                                      [&](const std::string& name) { return devices.count(name) > 0; });
  const std::string& stand_in = preferred != options.preferred_devices.end() ? *preferred : *devices.begin();
  std::string device = options.device;
  std::string note;
  if (device.empty()) {
    if (devices.size() > 1 && options.match == DeviceMatch::exact && preferred == options.preferred_devices.end()) {
      throw UserError(fmt::format(
          "several devices measured sm_{} ({}); choose one with --device or --prefer, or allow --match nearest",
          architecture, fmt::join(devices, ", ")));
    }
    device = devices.size() > 1 ? stand_in : *devices.begin();
  } else if (devices.count(device) == 0) {
    if (options.match == DeviceMatch::exact) return std::nullopt;
    note = fmt::format("nearest match: measured on {}, not on {}", stand_in, device);
    device = stand_in;
  }
  return std::pair{device, note};
}

// The groups of `device` on `architecture`, one per compile-time workload in first-seen order.
// Several toolkits or libraries on one device: the most recent measurements win.
std::vector<const WorkloadGroup*> newest_groups(const std::vector<WorkloadGroup>& groups, const std::string& device,
                                                const std::string& architecture) {
  std::map<std::string, const WorkloadGroup*> chosen;
  std::vector<std::string> order;
  for (const auto& group : groups) {
    if (group.scope.device.name != device || architecture_of(group.scope.device) != architecture) continue;
    const auto newest = [](const WorkloadGroup& g) {
      std::string latest;
      for (const auto* row : g.rows) latest = std::max(latest, row->recorded_at);
      return latest;
    };
    auto& slot = chosen[group.scope.ct_workload];
    if (slot == nullptr) order.push_back(group.scope.ct_workload);
    if (slot == nullptr || newest(group) > newest(*slot)) slot = &group;
  }
  std::vector<const WorkloadGroup*> newest;
  for (const auto& ct_workload : order) newest.push_back(chosen[ct_workload]);
  return newest;
}

// The policy of one compile-time workload: its winner, or base with the reason, and its dispatch.
WorkloadPolicy policy_of(const WorkloadGroup& group, const SearchSpace& space, const WinnerOptions& options) {
  WorkloadPolicy policy;
  policy.ct_workload = group.scope.ct_workload;
  policy.variant_name = "base";
  const std::string context = group.context();
  const ScoredWorkload scored = score_workload(group.rows, group.declared);
  policy.provenance = "base: no variant beat it by more than noise; " + context;
  if (!scored.problem.empty()) policy.provenance = "base: " + scored.problem + "; " + context;
  // A variant of another version of the space cannot be rendered.
  const auto renderable = [&](const std::string& variant) { return space.parse_name(variant).has_value(); };
  if (const auto winner = pick_winner(scored, group.rows, renderable)) {
    policy.variant = space.parse_name(winner->score.variant);
    policy.variant_name = winner->score.variant;
    policy.score = winner->score;
    policy.noise = winner->noise;
    policy.provenance = context + ", " + latest_date(group.rows, winner->score.variant);
  }
  if (options.dispatch && scored.problem.empty()) select_ranges(group, space, *options.dispatch, policy);
  return policy;
}

// A device whose architecture nobody measured (a new GPU): ChainedPolicy would serve it with the
// nearest lower link anyway; a link of its own keeps the library's policy for that architecture
// wherever nothing was tuned, and says where its tuned policies come from.
void add_stand_in(std::vector<ArchitecturePolicies>& result,
                  const std::map<std::string, std::set<std::string>>& devices_by_architecture,
                  const WinnerOptions& options) {
  const std::string& wanted = options.device_architecture;
  if (options.match == DeviceMatch::nearest && !options.device.empty() && sm_number(wanted) >= 0 &&
      devices_by_architecture.count(wanted) == 0) {
    if (const ArchitecturePolicies* lower = nearest_lower(result, wanted)) {
      ArchitecturePolicies stand_in = *lower;
      stand_in.architecture = wanted;
      stand_in.device_note = fmt::format(
          "not measured on {} or any other sm_{} device; tuned policies measured on {} (sm_{}), the nearest lower "
          "architecture, and the library's sm_{} policy for the rest",
          options.device, wanted, lower->device, measured_architecture(*lower), wanted);
      const auto after = std::find_if(result.begin(), result.end(), [&](const ArchitecturePolicies& a) {
        return a.architecture == "host" || sm_number(a.architecture) > sm_number(wanted);
      });
      result.insert(after, std::move(stand_in));
    }
  }
}

}  // namespace

std::vector<ArchitecturePolicies> select_winners(const std::vector<Measurement>& measurements, const SearchSpace& space,
                                                 const WinnerOptions& options) {
  std::vector<Measurement> relevant;
  for (const auto& m : measurements) {
    if (m.benchmark == options.benchmark && m.source_hash == options.source_hash && m.device.name != "none") {
      relevant.push_back(m);
    }
  }
  auto groups = group_by_workload(relevant);
  for (auto& group : groups) group.declared = options.declared;

  // Architectures and the devices that measured them.
  std::map<std::string, std::set<std::string>> devices_by_architecture;
  for (const auto& group : groups)
    devices_by_architecture[architecture_of(group.scope.device)].insert(group.scope.device.name);

  std::vector<ArchitecturePolicies> result;
  for (const auto& architecture : architectures_in_order(devices_by_architecture)) {
    const auto chosen = device_for(architecture, devices_by_architecture[architecture], options);
    if (!chosen) continue;  // this architecture was not measured on that device
    const auto& [device, note] = *chosen;
    ArchitecturePolicies policies{architecture, note, {}, device, architecture};
    for (const WorkloadGroup* group : newest_groups(groups, device, architecture)) {
      policies.workloads.push_back(policy_of(*group, space, options));
    }
    policies.device_note = policies.device_note.empty() ? "measured on " + device : policies.device_note;
    result.push_back(std::move(policies));
  }
  add_stand_in(result, devices_by_architecture, options);
  return result;
}

std::optional<std::string> recorded_architecture(const std::vector<Measurement>& measurements,
                                                 const std::string& device) {
  for (const auto& m : measurements) {
    if (m.device.name == device) return architecture_of(m.device);
  }
  return std::nullopt;
}

}  // namespace policytune
