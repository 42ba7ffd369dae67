#include "run/machine_fault.hpp"

#include <sys/statvfs.h>

#include <array>
#include <csignal>
#include <utility>

namespace policytune {
namespace {

// Less than this left in the build folder after a failed build: the disk was full while it ran
// (the compiler may have said so in words we do not know, or not at all).
constexpr std::uintmax_t kMinimumFreeBytes = std::uintmax_t{1} << 20;

// What to do about each fault, after "<folder>: <fault>: ".
constexpr const char* kFreeSpace = "free space and run the same command again";
constexpr const char* kFreeMemory = "free memory (or lower --jobs) and run the same command again";
constexpr const char* kFixDisk = "repair or remount the file system and run the same command again";

// The errno texts (strerror's, which compilers and linkers print) and the compiler drivers' words
// for a pass that was killed, with the fault each means.
constexpr std::array<std::pair<const char*, const char*>, 9> kFaultWords{{
    {"No space left on device", "no space left on the device"},
    {"Disk quota exceeded", "the disk quota is exceeded"},
    {"File too large", "a file grew past the file-size limit"},
    {"Read-only file system", "the file system is read-only"},
    {"Input/output error", "the file system reported an input/output error"},
    {"Cannot allocate memory", "the compiler ran out of memory"},
    {"memory exhausted", "the compiler ran out of memory"},
    {"Killed signal terminated program", "the compiler was killed (out of memory)"},
    {"died due to signal 9", "the compiler was killed (out of memory)"},
}};

const char* advice_for(const std::string& fault) {
  if (fault.find("memory") != std::string::npos || fault.find("killed") != std::string::npos) return kFreeMemory;
  if (fault.find("read-only") != std::string::npos || fault.find("input/output") != std::string::npos) return kFixDisk;
  return kFreeSpace;
}

}  // namespace

std::optional<std::string> machine_fault_in_output(const std::string& compiler_output) {
  for (const auto& [words, fault] : kFaultWords) {
    if (compiler_output.find(words) != std::string::npos) return fault;
  }
  return std::nullopt;
}

bool out_of_space(const std::filesystem::path& folder, std::uintmax_t minimum_free) {
  struct statvfs status {};
  if (::statvfs(folder.c_str(), &status) != 0) return false;
  const std::uintmax_t free_bytes = std::uintmax_t{status.f_bavail} * status.f_frsize;
  // A file system without inode accounting reports 0 files in all: that is no exhaustion.
  const bool no_inode = status.f_files > 0 && status.f_favail == 0;
  return free_bytes < minimum_free || no_inode;
}

std::optional<std::string> machine_fault_of_compile(const ProcessResult& result, const std::filesystem::path& folder) {
  if (result.succeeded() || result.timed_out || result.interrupted) return std::nullopt;
  std::optional<std::string> fault = machine_fault_in_output(result.err + result.out);
  if (!fault && result.signal == SIGKILL) fault = "the compiler was killed by signal 9 (out of memory)";
  if (!fault && out_of_space(folder, kMinimumFreeBytes)) fault = "no space left on the device";
  if (!fault) return std::nullopt;
  return *fault + ": " + advice_for(*fault);
}

}  // namespace policytune
