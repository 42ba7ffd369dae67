#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/measurement.hpp"
#include "protocol/declared_axes.hpp"
#include "select/dispatch_selection.hpp"
#include "select/selected_policies.hpp"
#include "space/search_space.hpp"

namespace policytune {

// How results of a device are matched to an architecture: exact takes only the chosen device's
// (or the only device's) results; nearest may use another device of the same architecture, and
// where no device of the chosen device's architecture was measured (a new GPU), the nearest lower
// architecture's results.
enum class DeviceMatch { exact, nearest };

struct WinnerOptions {
  std::string benchmark;
  std::string source_hash;  // only results of this source count
  DeviceMatch match = DeviceMatch::exact;
  std::string device;  // name of the device to render for; empty: the only one per architecture
  // Also select dispatches over a runtime axis (its `axis` must be set); none when nullopt.
  std::optional<DispatchOptions> dispatch;
  // The SM number of `device` ("100"), for a device no results of the benchmark come from: with
  // nearest, where no device of that architecture was measured either, the nearest lower
  // architecture's winners serve it. Empty: no such stand-in.
  std::string device_architecture{};
  // The benchmark's runtime axes, which the scores weigh by (declared_axes.hpp); empty: the
  // runtime workloads base measured stand in for them.
  DeclaredAxes declared = {};
  // Where several devices measured one architecture and `device` did not (or is empty): the first
  // of these that did (`--prefer`); none of them: an error, or with nearest the first by name.
  std::vector<std::string> preferred_devices{};
};

// Per architecture found in `measurements` (ascending), the winner of every compile-time workload:
// the best-scored variant when it beats base by more than the measurement noise, else base; with
// `options.dispatch`, also the ranges of a kept dispatch whose thresholds a selector can compare.
// Throws UserError when the device choice is ambiguous or missing.
std::vector<ArchitecturePolicies> select_winners(const std::vector<Measurement>& measurements, const SearchSpace& space,
                                                 const WinnerOptions& options);

// The architecture of the device named `device` as any of `measurements` (of any benchmark)
// records it; nullopt where none comes from that device.
std::optional<std::string> recorded_architecture(const std::vector<Measurement>& measurements,
                                                 const std::string& device);

}  // namespace policytune
