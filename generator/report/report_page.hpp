#pragma once

#include <string>

#include "report/report_model.hpp"

namespace policytune {

// `policytune report`'s page: one self-contained HTML document (inline CSS and SVG, no script, no
// outside URL), so that it opens offline and can be attached to a CI run as one file.
std::string render_report_page(const Report& report);

}  // namespace policytune
