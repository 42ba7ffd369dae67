#include "core/user_error.hpp"

#include <utility>

#include "core/comment_text.hpp"

namespace policytune {
namespace {

std::string locate(const std::string& file, std::size_t line, const std::string& message) {
  if (file.empty()) return message;
  if (line == 0) return file + ": " + message;
  return file + ":" + std::to_string(line) + ": " + message;
}

}  // namespace

// The text what() gives is one line whatever it quotes (a path or a name with a newline, a source's
// NUL byte, which would end what() early): control characters escaped, as one_line_text() does.
UserError::UserError(std::string file, std::size_t line, const std::string& message)
    : std::runtime_error(one_line_text(locate(file, line, message))),
      file_(std::move(file)),
      line_(line),
      message_(message) {}

UserError::UserError(const std::string& message) : std::runtime_error(one_line_text(message)), message_(message) {}

}  // namespace policytune
