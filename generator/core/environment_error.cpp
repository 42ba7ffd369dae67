#include "core/environment_error.hpp"

namespace policytune {

EnvironmentError::EnvironmentError(const std::string& subject, const std::string& what)
    : std::runtime_error(subject.empty() ? what : subject + ": " + what) {}

EnvironmentError::EnvironmentError(const std::string& what) : std::runtime_error(what) {}

}  // namespace policytune
