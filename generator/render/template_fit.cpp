#include "render/template_fit.hpp"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <set>
#include <vector>

#include "core/user_error.hpp"
#include "render/mustache_tags.hpp"
#include "space/search_space.hpp"

namespace policytune {

void check_template_fits(const PolicyTemplate& policy_template, const SearchSpace& space,
                         const std::string& benchmark_name, const std::string& benchmark_file) {
  if (!policy_template.benchmark.empty() && policy_template.benchmark != benchmark_name) {
    // Users meet the naming rule here, having copied a benchmark beside their own files: say it, and
    // both fixes, the place that gives the file the template's name and the line that takes its own.
    std::string wanted_path = policy_template.benchmark;
    std::replace(wanted_path.begin(), wanted_path.end(), '.', '/');
    wanted_path = "bench/" + wanted_path + std::filesystem::path(benchmark_file).extension().string();
    throw UserError(policy_template.path, policy_template.benchmark_line,
                    "the template is written for benchmark " + policy_template.benchmark + ", not " + benchmark_name +
                        " (a benchmark is named after its folder and file, or its path below a folder named "
                        "bench): put the benchmark at " +
                        wanted_path + ", or change this line to {{! benchmark: " + benchmark_name + " }}");
  }
  std::set<std::string> known(std::begin(kRendererVariables), std::end(kRendererVariables));
  std::string labels;
  for (const auto& parameter : space.parameters()) {
    known.insert(parameter.label);
    labels += (labels.empty() ? "" : ", ") + parameter.label;
  }
  // Every tag that looks a name up, found as the library finds them (set-delimiter tags
  // followed). `{{.}}` is the text a section stands on: a label's or a renderer variable's value
  // inside `{{#name}}`; elsewhere (at the top, in `tuned`'s) it renders nothing.
  std::vector<std::string> open;  // the sections `{{.}}` would stand on; "" where it is no text
  for (const auto& tag : scan_mustache(policy_template.body, policy_template.body_line).tags) {
    if (tag.kind == MustacheTagKind::comment || tag.kind == MustacheTagKind::set_delimiter) continue;
    if (tag.kind == MustacheTagKind::section_end && !open.empty()) open.pop_back();
    if (tag.kind == MustacheTagKind::section || tag.kind == MustacheTagKind::inverted_section) {
      open.push_back(tag.kind == MustacheTagKind::section && tag.name != "tuned" ? tag.name : "");
    }
    if (known.count(tag.name) != 0 || (tag.name == "." && !open.empty() && !open.back().empty())) continue;
    throw UserError(policy_template.path, tag.line,
                    "the template names '" + tag.name + "', which " + benchmark_name +
                        " lacks (its labels: " + (labels.empty() ? "none" : labels) + ")");
  }
}

}  // namespace policytune
