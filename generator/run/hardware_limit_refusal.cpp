// SPDX-License-Identifier: Apache-2.0
#include "run/hardware_limit_refusal.hpp"

#include <fmt/format.h>

#include <regex>

namespace policytune {

std::optional<std::string> hardware_limit_refusal(const std::string& compiler_output) {
  static const std::regex refusal(
      R"(ptxas.*uses too much (shared|local) data \(0x([0-9a-fA-F]+) bytes, 0x([0-9a-fA-F]+) max\))");
  std::smatch match;
  if (!std::regex_search(compiler_output, match, refusal)) return std::nullopt;
  const auto needed = std::stoull(match[2].str(), nullptr, 16);
  const auto allowed = std::stoull(match[3].str(), nullptr, 16);
  if (match[1] == "shared") {
    // The same words as the harness's own compile-time check, so both kinds group as one reason.
    return fmt::format("needs {} bytes of static shared memory per block, over the {} every device allows (ptxas)",
                       needed, allowed);
  }
  return fmt::format("needs {} bytes of local memory per thread, over the {} ptxas allows", needed, allowed);
}

}  // namespace policytune
