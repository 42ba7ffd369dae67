#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "run/process.hpp"

namespace policytune {

// A compile that failed because of the machine, not of the source: a full disk, a read-only or
// failing file system, memory that ran out. Stored as the variant's build_failed, such a failure
// would be reused by every later search as the variant's verdict; so it is an EnvironmentError
// instead (exit 74, nothing stored for the variant): the disk or memory that ran out fails every
// build after it too, and the same command, run again once the machine is fixed, builds the rest.

// What the compiler's output says of the machine: an errno text (ld's "final link failed: No
// space left on device", cc1plus's "virtual memory exhausted: Cannot allocate memory", "Read-only
// file system", "Input/output error", "Disk quota exceeded", "File too large") or a compiler
// driver whose pass was killed (gcc's "Killed signal terminated program cc1plus", nvcc's "died due
// to signal 9"). The fault in a few words ("no space left on the device"); nullopt when none.
std::optional<std::string> machine_fault_in_output(const std::string& compiler_output);

// Whether `folder`'s file system has less than `minimum_free` bytes, or no inode, left for this
// user (statvfs); false where it cannot be asked.
bool out_of_space(const std::filesystem::path& folder, std::uintmax_t minimum_free);

// Why the failed compile `result`, writing into `folder`, failed because of the machine, and what
// to do, as one line for an EnvironmentError about `folder`: its output's words, the compiler
// killed by SIGKILL though not by our time limit (the kernel's out-of-memory killer), or a folder
// with less than 1 MiB left. nullopt when the source is to blame.
std::optional<std::string> machine_fault_of_compile(const ProcessResult& result, const std::filesystem::path& folder);

}  // namespace policytune
