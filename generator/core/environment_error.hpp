#pragma once

#include <stdexcept>
#include <string>

namespace policytune {

// A failure of the machine, not of the input nor of PolicyTune: a full disk, a locked or read-only
// database, a compiler that is not installed, no more processes. main() prints
// `policytune: error: <what>` with exit code 74, so that scripts can tell "fix the input" (2) from
// "fix the machine, then run again" (74) from "report a bug" (70).
class EnvironmentError : public std::runtime_error {
public:
  // `subject`, when given, is the file or program concerned: `<subject>: <what>`.
  EnvironmentError(const std::string& subject, const std::string& what);
  explicit EnvironmentError(const std::string& what);
};

inline constexpr int kEnvironmentErrorExit = 74;  // sysexits' EX_IOERR
inline constexpr int kUserErrorExit = 2;
inline constexpr int kInternalErrorExit = 70;  // sysexits' EX_SOFTWARE

}  // namespace policytune
