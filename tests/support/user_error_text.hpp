#pragma once
// The UserError an action throws, as "file:line: message"; empty when it throws none.

#include <functional>
#include <string>

#include "core/user_error.hpp"

namespace policytune::testing {

inline std::string user_error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const UserError& error) {
    return error.file() + ":" + std::to_string(error.line()) + ": " + error.message();
  }
  return "";
}

}  // namespace policytune::testing
