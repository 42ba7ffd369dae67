#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace re2 {
class RE2;
}

namespace policytune {

// A regular expression a user gives (-R), matched by RE2 in time linear in the text whatever the
// pattern: std::regex backtracks, and '(.*)*z' against a benchmark name never ends. RE2's syntax
// is ECMAScript's without backreferences and lookaround, which it refuses.
class UserRegex {
public:
  // Throws UserError "<option> '<pattern>' is not a valid regex: <why>" for a pattern RE2 refuses.
  UserRegex(const std::string& pattern, const std::string& option);

  bool matches_whole(std::string_view text) const;  // the whole text matches
  bool found_in(std::string_view text) const;       // some part of it does

private:
  std::shared_ptr<const re2::RE2> compiled_;
};

}  // namespace policytune
