#pragma once

#include <kainjow/mustache.hpp>

#include <cstddef>
#include <string>

namespace policytune {

// A template of a few lines can nest sections over lists so that it renders without end (two
// links nested thirty deep are 2^30 repetitions): a rendering stops with a UserError before it
// could output this much. Real hubs are well under a megabyte.
inline constexpr std::size_t kMaxRenderedBytes = std::size_t{16} << 20;

// Renders `view`, parsed from `text` (a template's body or a header skeleton at `path`), with
// `data`. Each step of the rendering (a lookup, a section's iteration) is charged the values it
// looks up and the most text that can follow before the next step, which bounds both the output
// and the time; past kMaxRenderedBytes a UserError names `path`. A view the library cannot render
// is a UserError too.
std::string render_within_limit(kainjow::mustache::mustache& view, const std::string& text,
                                const kainjow::mustache::data& data, const std::string& path);

}  // namespace policytune
