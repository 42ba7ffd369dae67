#pragma once

#include <string>
#include <vector>

namespace policytune {

// The files a compile read, from the make rule it wrote with -MD -MF (GCC, Clang and nvcc write
// the same syntax): every prerequisite of every rule, in order, each once. Continuation lines,
// escaped spaces ("\ "), "$$" and "\#" are undone; targets are dropped.
std::vector<std::string> dependency_file_prerequisites(const std::string& text);

}  // namespace policytune
