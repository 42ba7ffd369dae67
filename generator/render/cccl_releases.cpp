#include "render/cccl_releases.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include "core/file_kind.hpp"
#include "core/measurement.hpp"
#include "core/text_input.hpp"
#include "core/user_error.hpp"

namespace policytune {

std::string CcclRange::describe() const {
  const auto text = [](int release) { return std::to_string(release / 100) + "." + std::to_string(release % 100); };
  if (last == first) return "CCCL " + text(first);
  return "CCCL " + text(first) + (last == 0 ? " and later" : " to " + text(last));
}

std::optional<int> parse_cccl_release(const std::string& text) {
  // major.minor[.patch[.tweak]], each without leading zeros (CCCL's CMake package says 3.0.1.0);
  // CCCL's releases start at 2.2 (2.0 and 2.1 were CUB's and Thrust's own), so a major below 2 is
  // no release.
  static const std::regex release(
      R"((0|[1-9][0-9]?)\.(0|[1-9][0-9]?)(\.(0|[1-9][0-9]{0,2})(\.(0|[1-9][0-9]{0,3}))?)?)");
  std::smatch match;
  if (!std::regex_match(text, match, release) || std::stoi(match[1]) < 2) return std::nullopt;
  return std::stoi(match[1]) * 100 + std::stoi(match[2]);
}

int release_of_headers(const std::string& include) {
  require_folder(include, "--cccl-include");
  const std::string path = (std::filesystem::path(include) / "cub" / "version.cuh").string();
  const std::string text = read_text_file(path);
  std::istringstream lines(text);
  std::string line;
  std::size_t number = 0;
  while (std::getline(lines, line)) {
    ++number;
    std::istringstream words(line);
    std::string define, name;
    long long value = 0;
    if (words >> define >> name >> value && define == "#define" && name == "CUB_VERSION") {
      // major * 100000 + minor * 100 + patch, as parse_cccl_release() takes them: 2.2.0 to 99.99.99.
      if (value < 200200 || value > 9999999 || value / 100 % 1000 > 99)
        throw UserError(path, number, "CUB_VERSION " + std::to_string(value) + " is not a release");
      return static_cast<int>(value / 100000 * 100 + value / 100 % 1000);
    }
  }
  throw UserError(path, 0, "no #define CUB_VERSION: not CCCL's headers");
}

std::optional<int> release_measured(const std::vector<Measurement>& measurements, const std::string& benchmark,
                                    const std::string& source_hash, const std::string& database) {
  std::set<int> releases;
  std::set<std::string> named;
  for (const auto& m : measurements) {
    if (m.benchmark != benchmark || m.source_hash != source_hash || !m.library.starts_with("CCCL ")) continue;
    const auto release = parse_cccl_release(m.library.substr(5));
    if (!release) continue;
    releases.insert(*release);
    named.insert(m.library);
  }
  if (releases.empty()) return std::nullopt;
  if (releases.size() > 1) {
    throw UserError(database, 0,
                    fmt::format("the results of {} were measured with {}: say which release the hub is for with --cccl",
                                benchmark, fmt::join(named, ", ")));
  }
  fmt::print(stderr, "policytune: note: rendering for {}, the release {} was measured with (--cccl for another)\n",
             *named.begin(), benchmark);
  return *releases.begin();
}

const char* format_name(HubFormat format) noexcept {
  switch (format) {
    case HubFormat::chained_policy:
      return "chained_policy";
    case HubFormat::policy_selector:
      return "policy_selector";
    case HubFormat::host:
      return "host";
  }
  return "?";
}

std::optional<HubFormat> parse_format(const std::string& name) noexcept {
  for (const HubFormat format : {HubFormat::chained_policy, HubFormat::policy_selector, HubFormat::host}) {
    if (name == format_name(format)) return format;
  }
  return std::nullopt;
}

CcclRange releases_taking(HubFormat format) noexcept {
  return format == HubFormat::policy_selector ? CcclRange{304, 0} : CcclRange{300, 0};
}

}  // namespace policytune
