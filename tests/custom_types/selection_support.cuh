// SPDX-License-Identifier: Apache-2.0
// What the per-algorithm selection checks share: a policy's knobs as numbers (so that the policies
// of different hubs compare), the link cub::ChainedPolicy::Invoke picks for a PTX version on the
// host, and the tally of expectations custom_selection.cu reports.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdio>
#include <string>
#include <vector>

namespace custom_selection
{
using Knobs = std::vector<long long>;

/// `Extract::of<Policy>()` reads the knobs of the link Invoke picks.
template <class Extract>
struct Selected
{
  Knobs knobs;
  template <class Policy>
  cudaError_t Invoke()
  {
    knobs = Extract::template of<Policy>();
    return cudaSuccess;
  }
};

/// The knobs of the policy `Hub` gives on a device of `ptx_version` (empty if Invoke fails).
template <class Hub, class Extract>
Knobs select(int ptx_version)
{
  Selected<Extract> selected;
  return Hub::MaxPolicy::Invoke(ptx_version, selected) == cudaSuccess ? selected.knobs : Knobs{};
}

inline int& failures()
{
  static int count = 0;
  return count;
}

inline std::string text(const Knobs& knobs)
{
  std::string out;
  for (long long knob : knobs)
  {
    out += (out.empty() ? "" : ",") + std::to_string(knob);
  }
  return "{" + out + "}";
}

inline void expect(const char* what, int ptx, const Knobs& got, const Knobs& want)
{
  const bool ok = !got.empty() && got == want;
  failures() += ok ? 0 : 1;
  std::printf("%s: %s at %d: got %s, want %s\n", ok ? "ok" : "FAILED", what, ptx, text(got).c_str(), text(want).c_str());
}

/// The test variant must differ from CUB's own policy, or the checks could not tell them apart.
inline void expect_differs(const char* what, const Knobs& test, const Knobs& cub)
{
  const bool ok = test != cub;
  failures() += ok ? 0 : 1;
  std::printf("%s: %s differs from CUB's policy (%s vs %s)\n", ok ? "ok" : "FAILED", what, text(test).c_str(),
              text(cub).c_str());
}
} // namespace custom_selection
