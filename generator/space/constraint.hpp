#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "space/search_space.hpp"

namespace policytune {

// The names a constraint may use besides the parameters: the launch limits the harness reports
// for the device (HarnessDevice::limits).
const std::vector<std::string>& device_limit_names();

// One `// %CONSTRAINT% <expression>` line: a C integer expression over the %RANGE% parameters
// (by label or macro) and the device's launch limits, such as
//   // %CONSTRAINT% tpb * ipt <= 8192 && tpb % 64 == 0
//   // %CONSTRAINT% tpb <= max_threads_per_block
// A variant the expression evaluates to 0 for is outside the search space: never built, never
// counted against a budget (Kernel Tuner's restrictions). Operators: ( ) ! - * / % + - < <= > >=
// == != && ||, with C's precedence; arithmetic is 64-bit, and an overflow or a division by zero
// excludes the variant.
class Constraint {
public:
  // Throws UserError (file:line) for a malformed expression or a name that is neither a
  // parameter nor a device limit.
  Constraint(const std::string& expression, const SearchSpace& space, const std::string& file, std::size_t line);
  ~Constraint();
  Constraint(Constraint&&) noexcept;
  Constraint& operator=(Constraint&&) noexcept;

  // `limits` are the device's; a constraint that uses a limit the device did not report (no device
  // probed yet, a host benchmark) is taken as satisfied.
  bool allows(const Variant& variant, const std::map<std::string, std::int64_t>& limits) const;

  const std::string& text() const noexcept { return text_; }
  std::size_t line() const noexcept { return line_; }

  struct Node;

private:
  std::string text_;
  std::size_t line_ = 0;
  std::unique_ptr<Node> root_;
};

// Every %CONSTRAINT% line of a benchmark source (a line written `%//CONSTRAINT//%` is switched off).
std::vector<Constraint> parse_constraints(const std::string& source, const std::string& file, const SearchSpace& space);

// Whether every constraint allows the variant.
bool all_allow(const std::vector<Constraint>& constraints, const Variant& variant,
               const std::map<std::string, std::int64_t>& limits);

}  // namespace policytune
