#include "core/user_regex.hpp"

#include <re2/re2.h>

#include "core/user_error.hpp"

namespace policytune {

UserRegex::UserRegex(const std::string& pattern, const std::string& option) {
  RE2::Options options;
  options.set_log_errors(false);  // the error is ours to report, once
  auto compiled = std::make_shared<RE2>(pattern, options);
  if (!compiled->ok()) throw UserError(option + " '" + pattern + "' is not a valid regex: " + compiled->error());
  compiled_ = std::move(compiled);
}

bool UserRegex::matches_whole(std::string_view text) const {
  return RE2::FullMatch(re2::StringPiece(text.data(), text.size()), *compiled_);
}

bool UserRegex::found_in(std::string_view text) const {
  return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), *compiled_);
}

}  // namespace policytune
