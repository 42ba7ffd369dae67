#include "select/architecture_fallback.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace policytune {

int sm_number(const std::string& architecture) {
  int number = -1;
  for (char c : architecture) {
    if (c < '0' || c > '9' || number > 100000) break;
    number = (number < 0 ? 0 : number * 10) + (c - '0');
  }
  return number;
}

const std::string& measured_architecture(const ArchitecturePolicies& policies) {
  return policies.measured_architecture.empty() ? policies.architecture : policies.measured_architecture;
}

const ArchitecturePolicies* nearest_lower(const std::vector<ArchitecturePolicies>& architectures,
                                          const std::string& architecture) {
  const int target = sm_number(architecture);
  const ArchitecturePolicies* lower = nullptr;
  for (const auto& candidate : architectures) {
    const int number = sm_number(candidate.architecture);
    if (number < 0 || number >= target) continue;  // the host, or not below
    if (lower == nullptr || number > sm_number(lower->architecture)) lower = &candidate;
  }
  return lower;
}

std::vector<ArchitectureFallback> architecture_fallbacks(const std::vector<ArchitecturePolicies>& architectures,
                                                         const std::vector<std::string>& requested) {
  std::string lowest;
  for (const auto& candidate : architectures) {
    const int number = sm_number(candidate.architecture);
    if (number >= 0 && (lowest.empty() || number < sm_number(lowest))) lowest = candidate.architecture;
  }
  std::vector<ArchitectureFallback> fallbacks;
  for (const auto& arch : requested) {
    const bool own = std::any_of(architectures.begin(), architectures.end(),
                                 [&](const ArchitecturePolicies& a) { return a.architecture == arch; });
    if (own) continue;
    const ArchitecturePolicies* lower = nearest_lower(architectures, arch);
    fallbacks.push_back({arch, lower, lower == nullptr ? lowest : ""});
  }
  return fallbacks;
}

std::string describe(const ArchitectureFallback& fallback) {
  const std::string& arch = fallback.architecture;
  if (fallback.lower == nullptr) {
    if (fallback.lowest_measured.empty())
      return fmt::format("sm_{}: no measurements; gets the library's policies", arch);
    return fmt::format(
        "sm_{}: no measurements, below every measured architecture (the lowest is sm_{}); gets the library's policies",
        arch, fallback.lowest_measured);
  }
  return fmt::format(
      "sm_{}: no measurements; gets sm_{}'s tuned policies (measured on {}) and the library's sm_{} policy elsewhere",
      arch, measured_architecture(*fallback.lower), fallback.lower->device, arch);
}

}  // namespace policytune
