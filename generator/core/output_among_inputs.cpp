#include "core/output_among_inputs.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <system_error>

#include "core/output_file.hpp"
#include "core/user_error.hpp"

namespace policytune {
namespace {

namespace fs = std::filesystem;

enum class Presence { present, absent, unknown };

Presence presence_of(const std::string& path) {
  std::error_code error;
  const bool exists = fs::exists(path, error);  // links followed
  if (error) return Presence::unknown;
  return exists ? Presence::present : Presence::absent;
}

// The path with its existing part's links and dots resolved; lexically where even that fails.
fs::path resolved(const std::string& path) {
  std::error_code error;
  fs::path result = fs::weakly_canonical(path, error);
  if (error) result = fs::absolute(path, error).lexically_normal();
  return result;
}

}  // namespace

bool same_file(const std::string& a, const std::string& b) {
  if (a.empty() || b.empty()) return false;
  const Presence first = presence_of(a);
  const Presence second = presence_of(b);
  if (first == Presence::present && second == Presence::present) {
    std::error_code error;
    const bool equivalent = fs::equivalent(a, b, error);
    if (!error) return equivalent;
  } else if (first != second && first != Presence::unknown && second != Presence::unknown) {
    return false;  // one is there and the other is not
  }
  return resolved(a) == resolved(b);
}

CommandInput command_input(const std::string& role, const std::string& path) { return {role + " " + path, path}; }

std::vector<CommandInput> database_inputs(const std::string& role, const std::string& path) {
  const std::string database = role + " " + path;
  return {{database, path},
          {"the write-ahead log of " + database, path + "-wal"},
          {"the shared memory file of " + database, path + "-shm"},
          {"the rollback journal of " + database, path + "-journal"}};
}

void refuse_output_among_inputs(const std::string& option, const std::string& output,
                                const std::vector<CommandInput>& inputs) {
  if (output == kStandardOutputPath) return;
  for (const auto& input : inputs) {
    if (!same_file(output, input.path)) continue;
    throw UserError(output, 0,
                    fmt::format("{} is {}{}: writing it would destroy what it holds; give {} another file", option,
                                input.name, input.path == output ? "" : " (the same file)", option));
  }
}

}  // namespace policytune
