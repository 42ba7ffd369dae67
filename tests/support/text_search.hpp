#pragma once

#include <cstddef>
#include <string>

namespace policytune::testing {

// How often `what` occurs in `text`, overlaps included.
inline std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t found = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++found;
  return found;
}

}  // namespace policytune::testing
