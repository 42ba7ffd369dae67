#include "core/environment_error.hpp"

#include "core/comment_text.hpp"

namespace policytune {

EnvironmentError::EnvironmentError(const std::string& subject, const std::string& what)
    : std::runtime_error(one_line_text(subject.empty() ? what : subject + ": " + what)) {}

EnvironmentError::EnvironmentError(const std::string& what) : std::runtime_error(one_line_text(what)) {}

}  // namespace policytune
