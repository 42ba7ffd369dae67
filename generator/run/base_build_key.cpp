#include "run/base_build_key.hpp"

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>

#include "core/version.hpp"
#include "run/device_probe.hpp"

namespace policytune {
namespace {

// "<file> <size> <mtime ns>", or nothing where `path` is not a file.
std::string file_identity(const std::filesystem::path& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode)) return "";
  return fmt::format("{} {} {}.{:09}\n", path.string(), status.st_size, status.st_mtim.tv_sec, status.st_mtim.tv_nsec);
}

// The CCCL release base compiles against is in the answer (`library`): a checkout updated in place
// leaves the command as it was, so the key holds the version header of every folder on the include
// path (-I, -isystem, CPATH, CPLUS_INCLUDE_PATH, and the toolkit's own beside a resolved nvcc).
std::string library_identity(const std::vector<std::string>& command, const std::string& compiler) {
  std::vector<std::filesystem::path> folders;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const std::string& argument = command[i];
    for (const std::string flag : {"-I", "-isystem"}) {
      if (argument == flag && i + 1 < command.size())
        folders.emplace_back(command[i + 1]);
      else if (argument.rfind(flag, 0) == 0 && argument.size() > flag.size())
        folders.emplace_back(argument.substr(flag.size()));
    }
  }
  for (const char* variable : {"CPATH", "CPLUS_INCLUDE_PATH"}) {
    const char* value = std::getenv(variable);
    for (std::string rest = value != nullptr ? value : ""; !rest.empty();) {
      const auto colon = rest.find(':');
      folders.emplace_back(rest.substr(0, colon));
      rest = colon == std::string::npos ? "" : rest.substr(colon + 1);
    }
  }
  const std::filesystem::path toolkit = std::filesystem::path(compiler).parent_path().parent_path() / "include";
  folders.insert(folders.end(), {toolkit, toolkit / "cccl"});
  std::string identity;
  for (const auto& folder : folders) identity += file_identity(folder / "cub" / "version.cuh");
  return identity;
}

}  // namespace

std::optional<std::string> program_identity(const std::string& program) {
  const auto found = program_on_path(program);
  if (!found) return std::nullopt;
  std::error_code error;
  const auto resolved = std::filesystem::canonical(*found, error);
  struct stat status {};
  if (error || ::stat(resolved.c_str(), &status) != 0) return std::nullopt;
  return fmt::format("{} {} {}.{:09}", resolved.string(), status.st_size, status.st_mtim.tv_sec,
                     status.st_mtim.tv_nsec);
}

std::optional<std::string> base_build_key(const CompilerOptions& compiler, const std::string& source,
                                          const std::vector<std::pair<std::string, std::string>>& defines) {
  CompilerOptions without_launcher = compiler;
  without_launcher.launcher.clear();
  const auto command = compile_command(without_launcher, source, "base", defines);
  const auto identity = program_identity(command.front());
  if (!identity) return std::nullopt;
  std::string key = fmt::format("policytune {}\ncompiler {}\n", kVersion, *identity);
  for (const auto& argument : command) key += argument + '\n';
  key += library_identity(command, identity->substr(0, identity->find(' ')));
  return key;
}

}  // namespace policytune
