#include "run/scratch_file.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <functional>
#include <regex>
#include <system_error>

#include "core/environment_error.hpp"

namespace policytune {
namespace {

namespace fs = std::filesystem;

// A short, file-safe stand-in for the host name: pids only tell processes apart on one host.
const std::string& host_tag() {
  static const std::string tag = [] {
    char name[256] = {};
    ::gethostname(name, sizeof name - 1);
    return fmt::format("{:08x}", static_cast<std::uint32_t>(std::hash<std::string>{}(name)));
  }();
  return tag;
}

bool process_exists(long pid) {
  if (pid <= 0 || pid > 0x7fffffff) return false;
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;  // EPERM: alive, someone else's
}

}  // namespace

std::string scratch_name(const std::string& stem, const std::string& extension) {
  return fmt::format("{}.pid{}-{}{}", stem, ::getpid(), host_tag(), extension);
}

std::size_t remove_stale_scratch(const fs::path& folder) {
  static const std::regex kScratch(R"(\.pid([0-9]+)-([0-9a-f]{8})(\.[A-Za-z0-9]+)?$)");
  std::size_t removed = 0;
  std::error_code error;
  auto entries = fs::recursive_directory_iterator(folder, fs::directory_options::skip_permission_denied, error);
  for (auto entry = entries; !error && entry != fs::recursive_directory_iterator(); entry.increment(error)) {
    const std::string name = entry->path().filename().string();
    std::smatch match;
    if (!std::regex_search(name, match, kScratch) || match[2] != host_tag()) continue;
    // Digits past any pid (a stray file) are not a process of ours: leave the file alone.
    const std::string digits = match[1];
    long pid = 0;
    const auto [end, parsed] = std::from_chars(digits.data(), digits.data() + digits.size(), pid);
    if (parsed != std::errc() || end != digits.data() + digits.size() || process_exists(pid)) continue;
    std::error_code ignored;
    if (fs::remove(entry->path(), ignored)) ++removed;
  }
  return removed;
}

void publish(const fs::path& scratch, const fs::path& target) {
  std::error_code error;
  fs::rename(scratch, target, error);
  if (error) throw EnvironmentError(target.string(), "cannot put in place: " + error.message());
}

void write_build_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.flush();
  if (!out) throw EnvironmentError(path.string(), std::string("cannot write: ") + std::strerror(errno));
}

}  // namespace policytune
