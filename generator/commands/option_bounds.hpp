#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>

namespace policytune {

// Validators for numeric options that say what is allowed in readable numbers: CLI11's own print
// the largest double in 309 digits, and let unsigned options wrap "-1" around to 2^64 - 1.

// A finite number in [low, high] ("between 1 and 3600").
CLI::Validator number_between(double low, double high);

// A count written in decimal digits only (no sign), in [low, high].
CLI::Validator count_between(std::uint64_t low, std::uint64_t high);

}  // namespace policytune
