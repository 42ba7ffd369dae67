#include <fmt/format.h>

#include <memory>

#include "../benchmark_name.hpp"
#include "../search_space.hpp"
#include "../text_input.hpp"
#include "command.hpp"

namespace policytune {

RunCommand setup_list(CLI::App& app) {
  auto files = std::make_shared<std::vector<std::string>>();
  app.add_option("files", *files, "benchmark sources with // %RANGE% lines")->required();
  return [files] {
    for (const auto& file : *files) {
      const SearchSpace space = parse_search_space(read_text_file(file), file);
      fmt::print("`{}`: {} variants\n", benchmark_name_from_path(file), space.size().to_string());
      for (const auto& p : space.parameters()) {
        fmt::print("  * `{}` {} {}:{}:{}\n", p.label, p.macro, p.start, p.end, p.step);
      }
    }
    return 0;
  };
}

}  // namespace policytune
