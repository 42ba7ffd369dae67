#include <fmt/format.h>

#include <memory>

#include "commands/command.hpp"
#include "core/benchmark_name.hpp"
#include "core/text_input.hpp"
#include "space/constraint.hpp"
#include "space/error_constraints.hpp"
#include "space/search_space.hpp"
#include "space/variant_space.hpp"
#include "space/verification_means.hpp"

namespace policytune {
RunCommand setup_list(CLI::App& app) {
  auto files = std::make_shared<std::vector<std::string>>();
  auto names_only = std::make_shared<bool>(false);
  app.add_option("files", *files, "benchmark sources with // %RANGE% lines")->required();
  app.add_flag("--names", *names_only,
               "print only each benchmark's name (bench/reduce/sum.cu -> reduce.sum), one a line: the name "
               "results are stored under, for scripts");
  return [files, names_only] {
    for (const auto& file : *files) {
      const std::string text = read_text_file(file);
      if (*names_only) {
        fmt::print("{}\n", benchmark_name_from_path(file));
        continue;
      }
      const SearchSpace space = parse_search_space(text, file);
      auto constraints = parse_constraints(text, file, space);
      const std::size_t written = constraints.size();  // the rest the #error directives state
      for (auto& stated : error_directive_constraints(text, file, space)) constraints.push_back(std::move(stated));
      fmt::print("`{}`: {} variants\n", benchmark_name_from_path(file), space.size().to_string());
      for (const auto& p : space.parameters()) {
        fmt::print("  * `{}` {} {}:{}:{}\n", p.label, p.macro, p.start, p.end, p.step);
      }
      for (std::size_t i = 0; i < constraints.size(); ++i) {
        fmt::print("  * constraint ({}line {}): {}\n", i < written ? "" : "#error, ", constraints[i].line(),
                   constraints[i].text());
      }
      if (!constraints.empty()) {
        // Counting means visiting every variant: only for spaces that take a moment (a larger one
        // may not even index as a VariantSpace: a %RANGE% of 2^64 values).
        const bool countable = space.size() <= BigCount(VariantSpace::kExactCountLimit);
        const auto allowed = countable ? VariantSpace(space, constraints, {}).count_allowed() : std::nullopt;
        if (allowed) {
          fmt::print("  {} variants satisfy the constraints (device limits not applied)\n", *allowed);
        } else {
          fmt::print("  variants satisfying the constraints: not counted (over {})\n", VariantSpace::kExactCountLimit);
        }
      }
      fmt::print("  verified: {}\n", find_verification(file, text).describe());
    }
    return 0;
  };
}

}  // namespace policytune
