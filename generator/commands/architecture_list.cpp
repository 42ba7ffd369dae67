#include "commands/architecture_list.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <set>

#include "core/user_error.hpp"

namespace policytune {
namespace {

// Two or three digits, no leading zero: sm_10 (CUDA's first) to sm_999, far beyond any GPU yet.
constexpr const char* kSmNumber = "[1-9][0-9]{1,2}";

}  // namespace

void check_sm_number(const std::string& option, const std::string& text) {
  static const std::regex sm_number(kSmNumber);
  if (!std::regex_match(text, sm_number)) {
    throw UserError(option + " '" + text + "' is not an SM number such as 100 (10 to 999)");
  }
}

std::vector<std::string> parse_architecture_list(const std::vector<std::string>& given) {
  static const std::regex spelling(std::string("(") + kSmNumber + ")([af]?)(-real|-virtual)?");
  std::vector<std::string> architectures;
  std::set<std::string> items;
  for (const auto& list : given) {
    std::size_t start = 0;
    while (start <= list.size()) {
      const std::size_t stop = std::min(list.find_first_of(",;", start), list.size());
      const std::string item = list.substr(start, stop - start);
      start = stop + 1;
      std::smatch match;
      if (item.empty()) throw UserError("--archs '" + list + "': an empty architecture between separators");
      if (!std::regex_match(item, match, spelling)) {
        throw UserError("--archs '" + list + "': '" + item +
                        "' is not an architecture such as 90, 90a or 90-real (SM numbers 10 to 999)");
      }
      if (!items.insert(item).second) throw UserError("--archs: " + item + " is given twice");
      const std::string arch = match[1];
      if (match[2].length() > 0) {
        fmt::print(stderr, "policytune: note: --archs {}: policies key on the SM number; sm_{}{} gets those of sm_{}\n",
                   item, arch, match[2].str(), arch);
      }
      // 90-real and 90-virtual (or 90a) are one SM number: one link serves them.
      if (std::find(architectures.begin(), architectures.end(), arch) == architectures.end())
        architectures.push_back(arch);
    }
  }
  std::sort(architectures.begin(), architectures.end(),
            [](const std::string& a, const std::string& b) { return std::stoi(a) < std::stoi(b); });
  return architectures;
}

}  // namespace policytune
