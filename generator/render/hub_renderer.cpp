#include "render/hub_renderer.hpp"

#include <kainjow/mustache.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <set>
#include <sstream>

#include "core/comment_text.hpp"
#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "render/cpp_names.hpp"
#include "render/expansion_limit.hpp"
#include "render/format_skeletons.hpp"
#include "render/hub_model.hpp"
#include "render/mustache_nesting.hpp"
#include "render/mustache_tags.hpp"

namespace policytune {
namespace {

using kainjow::mustache::data;

// A section that indents what it renders by `width` spaces, drops blank lines and the final line
// break (the skeleton's own line ends it): policy texts and comments are written unindented.
data indent_section(std::size_t width) {
  return data(kainjow::mustache::lambda2{[width](const std::string& text, const kainjow::mustache::renderer& render) {
    const std::string rendered = render(text);
    std::string out;
    std::size_t start = 0;
    while (start < rendered.size()) {
      std::size_t stop = rendered.find('\n', start);
      if (stop == std::string::npos) stop = rendered.size();
      const std::string line = rendered.substr(start, stop - start);
      if (line.find_first_not_of(" \t\r") != std::string::npos)
        out += (out.empty() ? "" : "\n") + std::string(width, ' ') + line;
      start = stop + 1;
    }
    return out;
  }});
}

// Text a skeleton tests with a section: absent when empty (mustache takes "" as true).
void set_text(data& out, const std::string& name, const std::string& text) {
  if (!text.empty()) out.set(name, text);
}

// Mustache drops a line that holds nothing but a section tag or a comment; the mustache library
// keeps a blank line where a false section stood. So such a line is joined to the next before
// rendering, with a marker that keeps the library from taking the joined line for a tag line of
// its own (removed after rendering), and comment lines are removed.
constexpr char kJoinMarker = '\x01';

std::string join_standalone_tags(const std::string& skeleton) {
  static const std::regex section_tag(R"(^[ \t]*(\{\{[#^/][^{}]*\}\})[ \t]*$)");
  static const std::regex comment(R"(^[ \t]*\{\{![^}]*\}\}[ \t]*$)");
  std::istringstream lines(skeleton);
  std::string line, out;
  while (std::getline(lines, line)) {
    std::smatch match;
    if (std::regex_match(line, comment)) continue;
    if (std::regex_match(line, match, section_tag)) {
      out += match[1].str() + kJoinMarker;
      continue;
    }
    out += line + "\n";
  }
  return out;
}

// The one place comment lines of the model become header text: each through comment_text().
std::string comment_lines(const CommentLines& lines) {
  std::string text;
  for (const auto& line : lines) text += comment_line(line);
  return text;
}

std::string banner_text(const HubModel& model) {
  std::string text = comment_lines(model.banner) + "#pragma once\n\n";
  for (const auto& include : model.includes) text += "#include " + include + "\n";
  return text;
}

data list_of(const std::vector<data>& items) {
  data list = data::type::list;
  for (const auto& item : items) list.push_back(item);
  return list;
}

data entries_data(const std::vector<HubEntry>& entries) {
  std::vector<data> items;
  for (const auto& entry : entries) {
    data item;
    set_text(item, "comment", comment_lines(entry.comment));
    item.set("key", entry.key);
    item.set("range", entry.range);
    // The specialisation's arguments: the key, and with ranges the range (`float, 2`; `2` without a key).
    std::string arguments = entry.key;
    if (!entry.range.empty()) arguments += (arguments.empty() ? "" : ", ") + entry.range;
    item.set("arguments", arguments);
    item.set("any_range", entry.range == "R" || entry.range == "Range");
    item.set("policy", entry.policy);
    items.push_back(item);
  }
  return list_of(items);
}

data selectors_data(const std::vector<HubRangeSelector>& selectors) {
  std::vector<data> items;
  for (const auto& selector : selectors) {
    data item;
    item.set("key", selector.key);
    item.set("count", std::to_string(selector.count));
    item.set("tree", selector.tree);
    items.push_back(item);
  }
  return list_of(items);
}

data link_data(const HubLink& link, const std::string& previous) {
  data out;
  out.set("arch", link.architecture);
  out.set("note", comment_text(link.note));
  set_text(out, "untuned", comment_lines(link.untuned));
  out.set("fallback", link.fallback);
  out.set("previous", previous);
  out.set("entries", entries_data(link.entries));
  out.set("selectors", selectors_data(link.selectors));
  set_text(out, "class_notes", comment_lines(link.class_notes));
  out.set("class_entries", entries_data(link.class_entries));
  out.set("class_selectors", selectors_data(link.class_selectors));
  return out;
}

// The model as the skeletons see it; templates/README.md lists the names. Every text a skeleton
// puts in a comment (`banner`, `note`, `untuned`, `comment`, `test_note`, `dispatch_axis`,
// `unserved_list`, `class_notes`) is comment_text() here; the rest is C++ the template or the generator wrote.
data model_data(const HubModel& model) {
  data out;
  out.set("banner", banner_text(model));
  out.set("namespace", model.name_space);
  out.set("hub_name", model.hub_name);
  std::vector<std::string> declarations;
  for (const auto& parameter : model.parameters) declarations.push_back(parameter.declaration());
  out.set("parameters", fmt::format("{}", fmt::join(declarations, ", ")));
  out.set("has_parameters", !declarations.empty());
  // The hub's template head, or none: a hub without parameters nor ranges is a plain struct.
  std::vector<std::string> head = declarations;
  if (!model.dispatch_axis.empty()) head.push_back("int Range = 0");
  set_text(out, "template_head", head.empty() ? "" : fmt::format("template <{}>", fmt::join(head, ", ")));
  out.set("default", model.default_hub);
  out.set("policy_type", model.policy_type);
  out.set("argument", model.argument);
  out.set("key", model.key);
  out.set("classed", !model.class_key.empty());
  out.set("class_key", model.class_key);
  out.set("ranged", !model.dispatch_axis.empty());
  out.set("dispatch_axis", comment_text(model.dispatch_axis));
  out.set("parameter", model.dispatch_parameter);
  set_text(out, "test_note", comment_text(model.test_note));
  out.set("fallback", model.fallback);
  set_text(out, "fallback_comment", comment_lines(model.fallback_comment));
  if (model.primary_selector) {
    data selector;
    selector.set("count", std::to_string(model.primary_selector->count));
    selector.set("tree", model.primary_selector->tree);
    out.set("primary_selector", selector);
  }
  std::vector<data> links, descending;
  std::string previous = "typename default_hub::MaxPolicy";
  for (const auto& link : model.links) {
    links.push_back(link_data(link, previous));
    previous = "Policy" + link.architecture + "0";
  }
  for (auto link = links.rbegin(); link != links.rend(); ++link) descending.push_back(*link);
  out.set("links", list_of(links));
  out.set("links_descending", list_of(descending));
  out.set("has_links", !model.links.empty());
  if (!model.links.empty()) {
    out.set("lowest", model.links.front().architecture);
    out.set("highest", model.links.back().architecture);
  }
  std::vector<data> unserved;
  std::string unserved_list;
  for (const auto& arch : model.unserved) {
    data item;
    item.set("arch", arch);
    unserved.push_back(item);
    unserved_list += (unserved_list.empty() ? "sm_" : ", sm_") + arch;
  }
  out.set("unserved", list_of(unserved));
  set_text(out, "unserved_list", comment_text(unserved_list));
  for (std::size_t width : {0, 2, 4, 6}) out.set("indent" + std::to_string(width), indent_section(width));
  return out;
}

// The names model_data() gives a skeleton, at any level (templates/README.md lists them).
const std::set<std::string>& skeleton_names() {
  static const std::set<std::string> names{"banner",
                                           "namespace",
                                           "hub_name",
                                           "parameters",
                                           "has_parameters",
                                           "template_head",
                                           "default",
                                           "policy_type",
                                           "argument",
                                           "key",
                                           "classed",
                                           "class_key",
                                           "class_notes",
                                           "class_entries",
                                           "class_selectors",
                                           "ranged",
                                           "dispatch_axis",
                                           "parameter",
                                           "test_note",
                                           "fallback",
                                           "fallback_comment",
                                           "primary_selector",
                                           "count",
                                           "tree",
                                           "links",
                                           "links_descending",
                                           "has_links",
                                           "lowest",
                                           "highest",
                                           "unserved",
                                           "unserved_list",
                                           "arch",
                                           "note",
                                           "untuned",
                                           "previous",
                                           "entries",
                                           "comment",
                                           "range",
                                           "arguments",
                                           "any_range",
                                           "policy",
                                           "selectors",
                                           "indent0",
                                           "indent2",
                                           "indent4",
                                           "indent6"};
  return names;
}

// A template's own header skeleton: sections nested within the library's reach, no partials, and
// only names the model has (the library renders any other name, a dotted one, `{{.}}`, as nothing).
void check_skeleton_tags(const std::string& skeleton, const std::string& path) {
  check_mustache_nesting(skeleton, path, 1);
  const MustacheScan scan = scan_mustache(skeleton, 1);
  refuse_mustache_partials(scan, path);
  for (const auto& tag : scan.tags) {
    if (tag.kind == MustacheTagKind::comment || tag.kind == MustacheTagKind::set_delimiter) continue;
    std::size_t start = 0;
    bool known = !tag.name.empty();
    while (known && start <= tag.name.size()) {  // each part of a dotted name
      const std::size_t stop = std::min(tag.name.find('.', start), tag.name.size());
      known = skeleton_names().count(tag.name.substr(start, stop - start)) != 0;
      start = stop + 1;
    }
    if (!known) {
      throw UserError(
          path, tag.line,
          "the header names '" + tag.name + "', which the hub model lacks (templates/README.md lists its names)");
    }
  }
}

}  // namespace

std::string render_hub(const PolicyTemplate& policy_template, const SearchSpace& space,
                       const std::vector<ArchitecturePolicies>& architectures, const HubRequest& request) {
  if (const std::string problem = namespace_name_problem(request.name_space); !problem.empty()) {
    throw UserError("--namespace '" + request.name_space + "' cannot name the hub's namespace: " + problem);
  }
  for (const auto& arch : request.architectures) {
    if (arch.empty() || arch.find_first_not_of("0123456789") != std::string::npos) {
      throw UserError("architecture '" + arch + "' is not an SM number such as 90");
    }
  }
  if (!request.dispatch_axis.empty() && request_parameter(request).rfind("value_", 0) == 0) {
    throw UserError("--dispatch '" + request.dispatch_axis + "' does not name a runtime axis such as Elements{io}");
  }
  if (request.mode == RenderMode::test && !request.test_variant) {
    throw UserError(space.source_file(), 0,
                    "test mode needs the benchmark's test variant (a `// %TEST% <variant>` line)");
  }
  const HubModel model = build_hub_model(policy_template, space, architectures, request);
  const bool own_header = !policy_template.header.empty();
  const std::string skeleton_path =
      own_header ? policy_template.header : std::string("templates/formats/") + format_name(model.format) + ".mustache";
  const std::string skeleton = own_header ? read_text_file(policy_template.header) : format_skeleton(model.format);
  if (own_header) check_skeleton_tags(skeleton, skeleton_path);
  const std::string joined = join_standalone_tags(skeleton);
  kainjow::mustache::mustache view(joined);
  if (!view.is_valid()) throw UserError(skeleton_path, 0, "the header is not valid mustache: " + view.error_message());
  view.set_custom_escape([](const std::string& text) { return text; });  // C++, not HTML
  std::string text = render_within_limit(view, joined, model_data(model), skeleton_path);
  text.erase(std::remove(text.begin(), text.end(), kJoinMarker), text.end());
  return text;
}

}  // namespace policytune
