#include "run/device_probe.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <policytune/protocol/text.hpp>
#include <sstream>

namespace policytune {
namespace {

// The harness's trimming (spaces, tabs and line ends), so that the CPU is named as it names it.
using protocol::trimmed;

std::string read_file(const char* path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// What the harness reports as sm_count: get_nprocs() on glibc, which this call returns there.
long processors_online() { return ::sysconf(_SC_NPROCESSORS_ONLN); }

// nvidia-smi answers in well under a second; a hung driver must not hang the configure.
constexpr std::chrono::duration<double> kProbeTimeout{30.0};

}  // namespace

std::string cpu_model_name(const std::string& cpuinfo) {
  std::istringstream lines(cpuinfo);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("model name", 0) != 0) continue;
    const auto colon = line.find(':');
    const std::string name = colon == std::string::npos ? "" : trimmed(line.substr(colon + 1));
    return name.empty() ? "host CPU" : name;
  }
  return "host CPU";
}

std::string host_fingerprint(const std::string& cpuinfo, long processors, const std::string& kernel_release) {
  return "host|" + cpu_model_name(cpuinfo) + "|" + std::to_string(processors) + "|" + kernel_release;
}

std::vector<std::string> nvidia_smi_query_arguments() {
  return {"--query-gpu=name,compute_cap,driver_version,ecc.mode.current,mig.mode.current,memory.total",
          "--format=csv,noheader"};
}

std::optional<std::string> cuda_fingerprint(const ProcessResult& nvidia_smi, const char* visible_devices) {
  if (!nvidia_smi.succeeded()) return std::nullopt;
  std::string gpus;
  std::istringstream lines(nvidia_smi.out);
  for (std::string line; std::getline(lines, line);) {
    line = trimmed(line);
    if (!line.empty()) gpus += line + ";";
  }
  if (gpus.empty()) return std::nullopt;
  const std::string visible = visible_devices == nullptr ? "(unset)" : visible_devices;
  return "cuda|CUDA_VISIBLE_DEVICES=" + visible + "|" + gpus;
}

std::optional<std::string> program_on_path(const std::string& program) {
  if (program.empty()) return std::nullopt;
  if (program.find('/') != std::string::npos) {
    if (::access(program.c_str(), X_OK) == 0) return program;
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  std::istringstream folders(path == nullptr ? "" : path);
  for (std::string folder; std::getline(folders, folder, ':');) {
    const std::string candidate = (folder.empty() ? std::string(".") : folder) + "/" + program;
    std::error_code error;
    if (std::filesystem::is_regular_file(candidate, error) && ::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return std::nullopt;
}

std::optional<std::string> device_fingerprint(bool cuda) {
  if (!cuda) {
    struct utsname name {};
    const std::string release = ::uname(&name) == 0 ? std::string(name.release) : std::string();
    return host_fingerprint(read_file("/proc/cpuinfo"), processors_online(), release);
  }
  const auto smi = program_on_path("nvidia-smi");
  if (!smi) return std::nullopt;
  std::vector<std::string> argv{*smi};
  const auto query = nvidia_smi_query_arguments();
  argv.insert(argv.end(), query.begin(), query.end());
  return cuda_fingerprint(run_process(argv, kProbeTimeout), std::getenv("CUDA_VISIBLE_DEVICES"));
}

}  // namespace policytune
