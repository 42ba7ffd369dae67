#pragma once

#include <string>

#include "render/policy_template.hpp"

namespace policytune {

// The header a format gives a hub: templates/formats/<format>.mustache, built into the tool so that
// a template anywhere renders without the source tree.
const std::string& format_skeleton(HubFormat format);

}  // namespace policytune
