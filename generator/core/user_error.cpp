#include "core/user_error.hpp"

#include <utility>

namespace policytune {
namespace {

std::string locate(const std::string& file, std::size_t line, const std::string& message) {
  if (file.empty()) return message;
  if (line == 0) return file + ": " + message;
  return file + ":" + std::to_string(line) + ": " + message;
}

}  // namespace

UserError::UserError(std::string file, std::size_t line, const std::string& message)
    : std::runtime_error(locate(file, line, message)), file_(std::move(file)), line_(line), message_(message) {}

UserError::UserError(const std::string& message) : std::runtime_error(message), message_(message) {}

}  // namespace policytune
