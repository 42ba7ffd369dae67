// SPDX-License-Identifier: Apache-2.0
// A compiler's refusal of a variant for a hardware limit, told apart from a broken variant.
#pragma once

#include <optional>
#include <string>

namespace policytune {

// ptxas refuses a kernel whose static shared (or local) data exceeds what any block may have:
//   ptxas error   : Entry function '...' uses too much shared data (0x16490 bytes, 0xc000 max)
// Such a variant is outside what the device can run, like one the benchmark skips itself
// (bench/launch_limits.hpp), so the search stores it as skipped, not as a failed build.
// Returns why, in the harness's words, or nothing when the output shows no such refusal.
std::optional<std::string> hardware_limit_refusal(const std::string& compiler_output);

}  // namespace policytune
