#pragma once

#include <string>

namespace policytune {

// CUB's naming: the path below the `bench/` folder, '/' turned into '.', extension dropped
// (`bench/reduce/sum.cu` -> `reduce.sum`). Without a `bench/` folder in the path, the file's
// folder and stem are used (`x/scan/exclusive.cu` -> `scan.exclusive`).
std::string benchmark_name_from_path(const std::string& path);

// The algorithm is the first component of the name (`scan.exclusive.sum` -> `scan`).
std::string algorithm_of(const std::string& benchmark);

}  // namespace policytune
