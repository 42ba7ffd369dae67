#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

namespace policytune {

// The one exception type for mistakes in the user's input (files, databases, command lines).
// main() catches it and prints `policytune: error: <file>:<line>: <what>` with exit code 2.
// The machine failing is an EnvironmentError (exit 74); anything else that escapes is a bug in
// PolicyTune (exit 70).
class UserError : public std::runtime_error {
public:
  // `line` 0 means the error concerns the whole file, and no line is printed.
  UserError(std::string file, std::size_t line, const std::string& message);
  explicit UserError(const std::string& message);

  const std::string& file() const noexcept { return file_; }
  std::size_t line() const noexcept { return line_; }
  const std::string& message() const noexcept { return message_; }

private:
  std::string file_;
  std::size_t line_ = 0;
  std::string message_;
};

}  // namespace policytune
