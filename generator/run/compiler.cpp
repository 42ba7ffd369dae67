#include "run/compiler.hpp"

#include <cstdlib>
#include <filesystem>

namespace policytune {

bool is_cuda_source(const std::string& path) { return path.ends_with(".cu"); }

std::vector<std::string> compile_command(const CompilerOptions& options, const std::string& source,
                                         const std::string& output,
                                         const std::vector<std::pair<std::string, std::string>>& defines) {
  std::vector<std::string> command;
  if (!options.launcher.empty()) command.push_back(options.launcher);
  if (is_cuda_source(source)) {
    command.insert(command.end(), {options.cuda_compiler, "-std=c++20", "-O3", "--extended-lambda"});
    for (const auto& arch : options.cuda_architectures) {
      command.push_back("--generate-code=arch=compute_" + arch + ",code=sm_" + arch);
    }
  } else {
    command.insert(command.end(), {options.host_compiler, "-std=c++20", "-O2"});
  }
  for (const auto& directory : options.include_directories) command.push_back("-I" + directory);
  for (const auto& [macro, value] : defines) {
    // nvcc reads a comma in an option's value as a list separator: `T=integral_constant<int, 32>`
    // would define a second macro " 32>". Escaped, the comma stays in the value.
    std::string spelled = value;
    if (is_cuda_source(source)) {
      for (std::size_t at = spelled.find(','); at != std::string::npos; at = spelled.find(',', at + 2)) {
        spelled.insert(at, "\\");
      }
    }
    command.push_back("-D" + macro + "=" + spelled);
  }
  command.insert(command.end(), options.extra_flags.begin(), options.extra_flags.end());
  command.insert(command.end(), {source, "-o", output});
  return command;
}

std::string default_harness_directory() {
  if (const char* directory = std::getenv("POLICYTUNE_HARNESS_DIR")) return directory;
  // An installed policytune (<prefix>/bin) finds the harness in <prefix>/include.
  std::error_code error;
  const auto executable = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const auto installed = executable.parent_path().parent_path() / "include";
    if (std::filesystem::exists(installed / "policytune" / "bench.hpp", error)) return installed.string();
  }
  return POLICYTUNE_DEFAULT_HARNESS_DIR;
}

std::vector<std::string> default_include_directories() {
  const std::string harness = default_harness_directory();
  std::vector<std::string> directories{harness,
                                       (std::filesystem::path(harness) / "policytune" / "nvbench_compat").string()};
  // Installed (and bundled), the protocol headers lie beside the harness's; the source tree keeps
  // them in protocol/, which this build knows.
  std::error_code error;
  if (!std::filesystem::exists(std::filesystem::path(harness) / "policytune" / "protocol", error)) {
    directories.emplace_back(POLICYTUNE_DEFAULT_PROTOCOL_DIR);
  }
  return directories;
}

}  // namespace policytune
