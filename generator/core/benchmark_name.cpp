#include "core/benchmark_name.hpp"

#include <filesystem>
#include <vector>

namespace policytune {

std::string benchmark_name_from_path(const std::string& path) {
  const std::filesystem::path file = std::filesystem::path(path).lexically_normal();
  std::vector<std::string> parts;
  for (const auto& part : file.parent_path()) parts.push_back(part.string());
  std::size_t first = parts.empty() ? 0 : parts.size() - 1;
  for (std::size_t i = parts.size(); i-- > 0;) {
    if (parts[i] == "bench") {
      first = i + 1;
      break;
    }
  }
  std::string name;
  for (std::size_t i = first; i < parts.size(); ++i) {
    if (parts[i].empty() || parts[i] == "/" || parts[i] == "." || parts[i] == "..") continue;
    name += parts[i] + ".";
  }
  return name + file.stem().string();
}

std::string algorithm_of(const std::string& benchmark) { return benchmark.substr(0, benchmark.find('.')); }

}  // namespace policytune
