#pragma once

#include <string>

#include "render/policy_template.hpp"

namespace policytune {

class SearchSpace;
// Whether `policy_template` can render policies of benchmark `benchmark_name` (read from
// `benchmark_file`) with search space `space`: a `benchmark:` directive names it, and every variable
// the body uses is a %RANGE% label of the space or one of kRendererVariables. Throws UserError (the
// template's file and line; a benchmark of another name is told where the file would have the
// template's name).
void check_template_fits(const PolicyTemplate& policy_template, const SearchSpace& space,
                         const std::string& benchmark_name, const std::string& benchmark_file);

}  // namespace policytune
