#pragma once

#include <optional>
#include <string>
#include <vector>

#include "run/process.hpp"

namespace policytune {

// Who the device is, told without compiling anything, so that a search can trust what base
// answered on this device earlier (base_answer_cache.hpp) and build nothing when everything is
// stored. Host benchmarks: the CPU as the harness describes it (bench/policytune/bench/
// device_host.hpp: /proc/cpuinfo's first "model name", the processors online, the kernel
// release), so it matches the rows' device exactly. CUDA: every GPU nvidia-smi lists and
// CUDA_VISIBLE_DEVICES, which picks the harness's device 0. nullopt when it cannot be told (no
// nvidia-smi, no GPU): the caller builds base and asks it, as without a probe.
std::optional<std::string> device_fingerprint(bool cuda);

// The parts of it, for tests.
// The harness's CPU name: the first "model name" line's value, trimmed; "host CPU" without one.
std::string cpu_model_name(const std::string& cpuinfo);
std::string host_fingerprint(const std::string& cpuinfo, long processors, const std::string& kernel_release);
// From `nvidia-smi --query-gpu=...` (nvidia_smi_query_arguments()); nullopt unless it listed a GPU.
std::optional<std::string> cuda_fingerprint(const ProcessResult& nvidia_smi, const char* visible_devices);
std::vector<std::string> nvidia_smi_query_arguments();

// The file a program name runs: itself when it holds a '/', else the first executable of that
// name on PATH; nullopt when there is none.
std::optional<std::string> program_on_path(const std::string& program);

}  // namespace policytune
