#include "commands/option_bounds.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

namespace policytune {

CLI::Validator number_between(double low, double high) {
  const std::string bounds = fmt::format("between {:g} and {:g}", low, high);
  return CLI::Validator(
      [low, high, bounds](std::string& text) -> std::string {
        char* end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        const bool whole = !text.empty() && end == text.c_str() + text.size();
        if (!whole || !std::isfinite(value) || value < low || value > high) {
          return fmt::format("must be a number {}, not '{}'", bounds, text);
        }
        return {};
      },
      bounds);
}

CLI::Validator count_between(std::uint64_t low, std::uint64_t high) {
  const std::string bounds = fmt::format("from {} to {}", low, high);
  return CLI::Validator(
      [low, high, bounds](std::string& text) -> std::string {
        std::uint64_t value = 0;
        const char* end = text.data() + text.size();
        const auto [stop, error] = std::from_chars(text.data(), end, value);
        // from_chars takes no sign, so "-1" stops at once instead of wrapping around.
        if (text.empty() || error != std::errc() || stop != end || value < low || value > high) {
          return fmt::format("must be a whole number {}, not '{}'", bounds, text);
        }
        return {};
      },
      bounds);
}

}  // namespace policytune
