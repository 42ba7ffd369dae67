#pragma once

#include <string>
#include <vector>

namespace policytune {

// CUB's tuning scripts store a state's samples (seconds, as NVBench wrote them) as one fpzip
// stream with its header: Python's fpzip.compress of a float32 array. Decodes one; throws
// std::runtime_error saying what is wrong with a stream that is not one (the caller names the
// file and row).
std::vector<double> decode_cub_samples(const std::string& blob);

}  // namespace policytune
