#pragma once

#include <string>

namespace policytune {

// C++20's keywords and alternative tokens (`class`, `new`, `and`, `co_await`): words that cannot
// name anything a generated header declares.
bool is_cpp_keyword(const std::string& word) noexcept;

// Why `text` cannot be the namespace a generated hub is declared in, or "" where it can: it must
// be `a` or `a::b`, of identifiers that are no keyword and not reserved to the implementation
// (`__x`, `_X`), and not in the standard library's `std` (adding to it is undefined behaviour).
std::string namespace_name_problem(const std::string& text);

}  // namespace policytune
