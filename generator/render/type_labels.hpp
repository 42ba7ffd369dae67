#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace policytune {

// The labels CUB's benchmarks use for fundamental types, and the harness prints (I32, U64, F32,
// I128, ...): the C++ type each names, and its size in bytes as CUB's type classes see it. nullopt
// for any other label (a template's `type:` directive spells those).
std::optional<std::string> standard_spelling(const std::string& label);
std::optional<std::size_t> standard_size(const std::string& label);

}  // namespace policytune
