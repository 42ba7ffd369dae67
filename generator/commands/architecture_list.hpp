#pragma once

#include <string>
#include <vector>

namespace policytune {

// --archs as a consumer's CMake spells CUDA_ARCHITECTURES (90, 90a, 90f, 90-real, 90-virtual),
// separated by commas or semicolons, into the SM numbers a hub's chain keys on, lowest first: an
// `a` or `f` variant is noted and keyed on its SM number. A UserError names the option and the
// item for anything else: an empty item, a sign, a leading zero, an SM number outside 10 to 999,
// an item given twice.
std::vector<std::string> parse_architecture_list(const std::vector<std::string>& given);

// Throws UserError naming `option` where `text` is not an SM number from 10 to 999 ("100").
void check_sm_number(const std::string& option, const std::string& text);

}  // namespace policytune
