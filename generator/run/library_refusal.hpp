// SPDX-License-Identifier: Apache-2.0
// A library's refusal of a variant, told apart from a broken variant.
#pragma once

#include <optional>
#include <string>

namespace policytune {

// A library rules out some combinations of its parameters with a static_assert in its own headers
// (CUB: "The memory consistency model does not apply to texture accesses" for a sub-warp merge
// sort that loads through textures). A variant whose first compile error is such an assertion,
// in a file outside the benchmark's own folder and outside PolicyTune's harness, asks for what the
// library does not offer: the search stores it as skipped, like a variant the device rules out
// (run/hardware_limit_refusal.hpp), not as a broken build. Returns the reason (the assertion's
// message, and where the library makes it), or nothing for any other failure. An `#error` is no
// refusal: whether it rules a combination out (CUB's segmented_sort/keys.cu: "Medium segment size
// must be larger than small one") or marks a broken build (a benchmark's "TUNE_X must be defined")
// cannot be told from its words, and a broken build must stop a search where every variant fails.
//   nvcc:  .../cub/agent/agent_sub_warp_merge_sort.cuh(123): error: static assertion failed with "..."
//   g++:   .../include/lib/policy.hpp:17:5: error: static assertion failed: ...
std::optional<std::string> library_refusal(const std::string& compiler_output, const std::string& source_path,
                                           const std::string& harness_directory);

}  // namespace policytune
