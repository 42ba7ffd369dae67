#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "core/big_count.hpp"

namespace policytune {

// One `// %RANGE% MACRO label start:end:step` line: an inclusive arithmetic range of values.
struct RangeParameter {
  std::string macro;
  std::string label;
  std::int64_t start = 0;
  std::int64_t end = 0;
  std::int64_t step = 1;
  std::size_t line = 0;  // where it was declared, for messages

  // Up to 2^64 values (INT64_MIN:INT64_MAX:1), so wider than 64 bits.
  Uint128 count() const noexcept;
  std::int64_t value_at(std::uint64_t index) const noexcept;
  bool contains(std::int64_t value) const noexcept;
  std::uint64_t index_of(std::int64_t value) const noexcept;  // requires contains(value)
};

// One point of a search space: a value per parameter, in %RANGE% order.
using Variant = std::vector<std::int64_t>;

// The Cartesian product of a benchmark's %RANGE% parameters. Enumeration is lazy: a variant is
// decoded from its index, so spaces far beyond 64 bits are counted and sampled without listing them.
class SearchSpace {
public:
  SearchSpace() = default;
  explicit SearchSpace(std::vector<RangeParameter> parameters);

  const std::vector<RangeParameter>& parameters() const noexcept { return parameters_; }
  bool empty() const noexcept { return parameters_.empty(); }
  const BigCount& size() const noexcept { return size_; }

  // Index order: the last parameter varies fastest, as nested loops in %RANGE% order would.
  Variant variant_at(BigCount index) const;
  BigCount index_of(const Variant& variant) const;

  // `ipt_13.tpb_256`; the empty space's only variant is `base`.
  std::string name_of(const Variant& variant) const;
  // The inverse of name_of(); nullopt for a name that is not a variant of this space.
  std::optional<Variant> parse_name(const std::string& name) const;

  // The `-DMACRO=value` pairs that build this variant.
  std::vector<std::pair<std::string, std::int64_t>> defines_of(const Variant& variant) const;

  // The benchmark source parse_search_space() read, so that later errors can name it; empty for a
  // space built from parameters alone.
  const std::string& source_file() const noexcept { return source_file_; }
  void set_source_file(std::string file) { source_file_ = std::move(file); }

private:
  std::vector<RangeParameter> parameters_;
  BigCount size_{1};
  std::string source_file_;
};

// Parses every %RANGE% line of a benchmark source. `file` names the source in error messages.
// Throws UserError (file:line) for any malformed, duplicate or overflowing line.
SearchSpace parse_search_space(const std::string& source, const std::string& file);

// The variant a `// %TEST% <variant name>` line declares for reproducible test builds, if any.
// Throws UserError (file:line) when it names no variant of `space` or appears twice.
std::optional<Variant> parse_test_variant(const std::string& source, const std::string& file, const SearchSpace& space);

// Calls `handle` for every `// KEYWORD ...` comment line of `source` (KEYWORD like "%RANGE%"),
// with `fields` positioned after the keyword and `line` counted from 1.
void for_each_directive(const std::string& source, const std::string& keyword,
                        const std::function<void(std::istringstream& fields, std::size_t line)>& handle);

// A C identifier: what labels and macros must be.
bool is_identifier(const std::string& text) noexcept;

// The %RANGE% lines as a search records them (SearchSpaceRecord::ranges): `MACRO label start:end:step`,
// one per line.
std::string range_lines(const SearchSpace& space);
// The inverse: the space such lines describe. Throws UserError naming `file` where they do not parse.
SearchSpace parse_range_lines(const std::string& lines, const std::string& file);

}  // namespace policytune
