// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: host builds describe the CPU.
#pragma once

#include <policytune/bench/device.hpp>
#include <policytune/bench/text.hpp>

#include <cstdio>
#include <cstring>
#include <string>

#if defined(__unix__) || defined(__APPLE__)
#  include <sys/utsname.h>
#  include <unistd.h>
#endif
#if defined(__GLIBC__)
#  include <sys/sysinfo.h>
#else
#  include <thread>
#endif

namespace policytune::bench::detail
{
inline std::string cpu_model_name()
{
  std::string name;
  if (std::FILE* f = std::fopen("/proc/cpuinfo", "r"))
  {
    char line[1024];
    while (std::fgets(line, sizeof line, f) != nullptr)
    {
      if (std::strncmp(line, "model name", 10) == 0)
      {
        if (const char* colon = std::strchr(line, ':'))
        {
          name = trimmed(colon + 1, colon + std::strlen(colon));
        }
        break;
      }
    }
    std::fclose(f);
  }
  return name.empty() ? std::string("host CPU") : name;
}

inline std::string host_toolkit()
{
#if defined(__clang__)
  const char* v = "Clang " __clang_version__;
  return trimmed(v, v + std::strlen(v));
#elif defined(__GNUC__)
  return "GCC " __VERSION__;
#elif defined(_MSC_VER)
  return cat({"MSVC ", decimal(_MSC_FULL_VER).c_str()});
#else
  return "unknown compiler";
#endif
}

/// Always succeeds: a host build runs on the host.
inline bool query_device(device_info& info, std::string& /*reason*/)
{
  info.name = cpu_model_name();
#if defined(__GLIBC__)
  // What std::thread::hardware_concurrency() returns with libstdc++ on glibc, without <thread>.
  info.sm_count = get_nprocs();
#else
  info.sm_count = static_cast<long long>(std::thread::hardware_concurrency());
#endif
  info.memory_bus_width   = 0;
  info.ecc                = false;
  info.compute_capability = "";
#if defined(__unix__) || defined(__APPLE__)
  struct utsname u;
  info.driver = uname(&u) == 0 ? std::string(u.release) : std::string();
#endif
  info.toolkit = host_toolkit();
  info.library = "host";
  return true;
}
} // namespace policytune::bench::detail
