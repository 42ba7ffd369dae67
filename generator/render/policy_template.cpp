#include "render/policy_template.hpp"

#include <kainjow/mustache.hpp>

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <regex>
#include <set>
#include <sstream>

#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "render/cpp_names.hpp"
#include "render/expansion_limit.hpp"
#include "render/mustache_nesting.hpp"
#include "render/mustache_tags.hpp"
#include "render/type_labels.hpp"

namespace policytune {
namespace {

std::string trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  int depth = 0;
  std::string current;
  for (char c : text) {
    if (c == '<' || c == '(') ++depth;
    if (c == '>' || c == ')') --depth;
    if (c == ',' && depth == 0) {
      items.push_back(trim(current));
      current.clear();
    } else {
      current += c;
    }
  }
  if (!trim(current).empty()) items.push_back(trim(current));
  return items;
}

// C++ text from a template directive: a type expression, never something that ends a comment,
// opens a preprocessor line or a string.
bool is_safe_type_text(const std::string& text) {
  if (text.empty()) return false;
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (!(std::isalnum(u) || c == '_' || c == ':' || c == '<' || c == '>' || c == ',' || c == ' ' || c == '*' ||
          c == '&')) {
      return false;
    }
  }
  return true;
}

// A key entry: a type, or a constant expression of one (sizeof(AccumT), traits<AccumT>::value).
bool is_safe_key_text(const std::string& text) {
  std::string without_parentheses;
  for (char c : text) without_parentheses += (c == '(' || c == ')' || c == '.') ? ' ' : c;
  return is_safe_type_text(text) || (!trim(without_parentheses).empty() && is_safe_type_text(without_parentheses));
}

std::vector<std::string> identifiers_in(const std::string& text) {
  static const std::regex identifier(R"([A-Za-z_][A-Za-z0-9_]*)");
  std::vector<std::string> found;
  for (auto match = std::sregex_iterator(text.begin(), text.end(), identifier); match != std::sregex_iterator();
       ++match) {
    found.push_back(match->str());
  }
  return found;
}

// A key entry is rendered for a workload by putting the workload's type in place of the one type
// parameter it names, so it must name exactly one.
void check_key_names_one_parameter(const PolicyTemplate& policy_template, const std::string& key) {
  std::set<std::string> named;
  for (const auto& word : identifiers_in(key)) {
    for (const auto& parameter : policy_template.hub_parameters) {
      if (parameter.is_type() && parameter.name == word) named.insert(word);
    }
  }
  if (named.size() != 1) {
    throw UserError(policy_template.path, policy_template.key_line,
                    "key '" + key + "' must name exactly one type parameter of " + policy_template.hub_name);
  }
}

// Where a directive stands, for its errors.
struct DirectiveSite {
  const std::string& path;
  std::size_t line;

  [[noreturn]] void fail(const std::string& what) const { throw UserError(path, line, what); }
};

// `hub: name<class A, int N>` (cuda) or `struct: name<...>` (host): the hub's name and parameters.
void parse_hub(PolicyTemplate& result, const std::string& name, const std::string& value, const DirectiveSite& site) {
  const std::size_t open = value.find('<');
  result.hub_name = trim(value.substr(0, open));
  if (!is_identifier(result.hub_name) || is_cpp_keyword(result.hub_name))
    site.fail("'" + result.hub_name + "' is not an identifier");
  if (open == std::string::npos) return;
  if (value.back() != '>') site.fail(name + " parameters are written name<class A, int N>");
  for (const auto& parameter : split_list(value.substr(open + 1, value.size() - open - 2))) {
    // `class A`, `typename A`, or a non-type parameter `int N`, `::std::size_t N`, `bool IsEven`.
    const std::size_t space = parameter.find_last_of(" \t");
    const HubParameter declared{space == std::string::npos ? "" : trim(parameter.substr(0, space)),
                                space == std::string::npos ? parameter : parameter.substr(space + 1)};
    if (!is_identifier(declared.name) || is_cpp_keyword(declared.name) || declared.kind.empty() ||
        !(declared.is_type() || is_safe_type_text(declared.kind))) {
      site.fail("template parameter '" + parameter + "' is not `class Name` or `type Name`");
    }
    result.hub_parameters.push_back(declared);
  }
}

// `cccl: 3.0-3.2`, `3.5-` (and later), `3.4` (that release only).
CcclRange parse_cccl_directive(const std::string& value, const DirectiveSite& site) {
  const std::size_t dash = value.find('-');
  const auto first = parse_cccl_release(trim(value.substr(0, dash)));
  const std::string last_text = dash == std::string::npos ? trim(value) : trim(value.substr(dash + 1));
  const auto last = last_text.empty() ? std::optional<int>(0) : parse_cccl_release(last_text);
  if (!first || !last || (*last != 0 && *last < *first)) site.fail("cccl: takes releases as 3.0-3.2, 3.5- or 3.4");
  return CcclRange{*first, *last};
}

// `base: label=value, ...`: base's parameter values, integers.
void parse_base_values(PolicyTemplate& result, const std::string& value, const DirectiveSite& site) {
  for (const auto& assignment : split_list(value)) {
    const std::size_t equals = assignment.find('=');
    const std::string label = trim(assignment.substr(0, equals));
    if (equals == std::string::npos || !is_identifier(label)) site.fail("base values are written label=value, ...");
    try {
      std::size_t used = 0;
      const std::string number_text = trim(assignment.substr(equals + 1));
      result.base_values[label] = std::stoll(number_text, &used);
      if (used != number_text.size()) throw std::invalid_argument(number_text);
    } catch (const std::logic_error&) {
      site.fail("base value of '" + label + "' is not an integer");
    }
  }
}

// `type: LABEL = C++ type` or `type: LABEL = C++ type (N bytes)`: how a compile-time label is
// spelled in C++ and, where stated, its size (what `class: sizeof(...)` classes it by).
void parse_type_spelling(PolicyTemplate& result, const std::string& value, const DirectiveSite& site) {
  static const std::regex stated_size(R"(^(.*[^ \t])[ \t]*\((0|[1-9][0-9]{0,5}) bytes?\)$)");
  const std::size_t equals = value.find('=');
  const std::string label = trim(value.substr(0, equals));
  std::string spelling = equals == std::string::npos ? "" : trim(value.substr(equals + 1));
  std::smatch match;
  std::optional<std::size_t> size;
  if (std::regex_match(spelling, match, stated_size)) {
    size = std::stoul(match[2].str());
    spelling = trim(match[1].str());
    if (*size == 0) site.fail("type " + label + ": a C++ type has at least 1 byte");
  }
  if (!is_identifier(label) || !is_safe_type_text(spelling))
    site.fail("type directives are written `type: LABEL = C++ type` or `type: LABEL = C++ type (N bytes)`");
  result.type_spellings[label] = spelling;
  if (size) {
    result.type_sizes[label] = *size;
  } else {
    result.type_sizes.erase(label);  // a later directive for the label states none
  }
}

// The type parameter `sizeof(P)` names, or "" where `entry` is not of that shape.
std::string sizeof_parameter(const std::string& entry) {
  static const std::regex sizeof_of(R"(^sizeof[ \t]*\([ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]*\)$)");
  std::smatch match;
  return std::regex_match(entry, match, sizeof_of) ? match[1].str() : "";
}

// The type parameter a key entry names (check_key_names_one_parameter holds it to exactly one).
std::string parameter_named_by(const PolicyTemplate& policy_template, const std::string& key) {
  for (const auto& word : identifiers_in(key)) {
    for (const auto& parameter : policy_template.hub_parameters) {
      if (parameter.is_type() && parameter.name == word) return word;
    }
  }
  return "";
}

// `class:` against `key:` and the format: one entry per axis, each the axis' key entry or
// sizeof() of the type parameter that key entry names, at least one of them a size.
void check_class_key(const PolicyTemplate& result) {
  if (result.class_key.empty()) return;
  const auto fail = [&](const std::string& what) { throw UserError(result.path, result.class_line, what); };
  if (result.format != HubFormat::chained_policy) {
    fail(std::string("class: is rendered by chained_policy hubs only, not by format ") + format_name(result.format));
  }
  if (result.class_key.size() != result.key.size()) {
    fail(fmt::format("class: has {} entries, key: has {} (one per compile-time axis)", result.class_key.size(),
                     result.key.size()));
  }
  bool any_size = false;
  for (std::size_t axis = 0; axis < result.key.size(); ++axis) {
    const std::string& entry = result.class_key[axis];
    if (entry == result.key[axis]) continue;
    const std::string named = sizeof_parameter(entry);
    const std::string keyed = parameter_named_by(result, result.key[axis]);
    if (named.empty()) {
      fail("class entry '" + entry + "' is neither the key entry '" + result.key[axis] + "' nor sizeof(" + keyed + ")");
    }
    const bool is_type_parameter =
        std::any_of(result.hub_parameters.begin(), result.hub_parameters.end(),
                    [&](const HubParameter& parameter) { return parameter.is_type() && parameter.name == named; });
    if (!is_type_parameter)
      fail("class entry '" + entry + "': " + named + " is not a type parameter of " + result.hub_name);
    if (named != keyed) {
      fail("class entry '" + entry + "' must class the type its axis keys on: sizeof(" + keyed + ")");
    }
    any_size = true;
  }
  if (!any_size) fail("class: classes no axis by size (sizeof(P)): it would repeat key:");
}

// Whether `inner` is `folder` or under it, by their canonical paths (symbolic links followed).
bool canonically_within(const std::filesystem::path& inner, const std::filesystem::path& folder) {
  std::error_code error;
  const auto inner_path = std::filesystem::canonical(inner, error);
  const auto folder_path = std::filesystem::canonical(folder, error);
  if (error) return false;
  const auto relative = inner_path.lexically_relative(folder_path);
  return !relative.empty() && *relative.begin() != "..";
}

// `header: file.mustache`: a skeleton in the template's folder (or below it), never the template
// itself. A template names its files the way a C++ header includes its neighbours; a header that
// reaches out of the folder (an absolute path, `..`, a symbolic link) would render whatever file
// it names into the hub.
std::string header_skeleton_path(const std::string& value, const DirectiveSite& site) {
  namespace fs = std::filesystem;
  if (value.empty()) site.fail("header: names a mustache file, relative to the template");
  const fs::path given(value);
  const fs::path folder = fs::path(site.path).parent_path().empty() ? fs::path(".") : fs::path(site.path).parent_path();
  if (given.is_absolute() || given.has_root_name() || given.has_root_directory())
    site.fail("header: '" + value + "' must be a path relative to the template's folder");
  const fs::path header = (folder / given).lexically_normal();
  const fs::path relative = header.lexically_relative(folder.lexically_normal());
  if (relative.empty() || *relative.begin() == ".." || relative == ".")
    site.fail("header: '" + value + "' is outside the template's folder");
  std::error_code error;
  if (!fs::is_regular_file(header, error)) site.fail("header: '" + value + "': no such file beside the template");
  if (!canonically_within(header, folder)) site.fail("header: '" + value + "' leads outside the template's folder");
  if (fs::equivalent(header, site.path, error)) site.fail("header: '" + value + "' is the template itself");
  return header.string();
}

// One directive of the template's head, `{{! name: value }}`, into `result`.
void apply_directive(PolicyTemplate& result, const std::string& name, const std::string& value,
                     const DirectiveSite& site, bool& saw_header) {
  if (name == "policytune-template 1") {
    saw_header = true;
  } else if (name == "include") {
    const bool angled = value.size() > 2 && value.front() == '<' && value.back() == '>';
    const bool quoted = value.size() > 2 && value.front() == '"' && value.back() == '"';
    const std::string inner = value.size() > 2 ? value.substr(1, value.size() - 2) : "";
    if ((!angled && !quoted) || inner.find_first_of("<>\"\n ") != std::string::npos)
      site.fail("include must be <path> or \"path\"");
    result.includes.push_back(value);
  } else if (name == "hub" || name == "struct") {
    parse_hub(result, name, value, site);
  } else if (name == "default-hub" || name == "default") {
    if (!is_safe_type_text(value)) site.fail(name + " '" + value + "' is not a type");
    result.default_hub = value;
  } else if (name == "policy-type") {
    if (!is_safe_type_text(value)) site.fail("policy-type '" + value + "' is not a type");
    result.policy_type = value;
  } else if (name == "key") {
    result.key = split_list(value);
    result.key_line = site.line;
    for (const auto& key : result.key) {
      if (!is_safe_key_text(key)) site.fail("key '" + key + "' is not a type or a constant expression of one");
    }
  } else if (name == "class") {
    result.class_key = split_list(value);
    result.class_line = site.line;
    if (result.class_key.empty()) site.fail("class: takes one entry per compile-time axis, as key: does");
  } else if (name == "kind") {
    if (value != "cuda" && value != "host") site.fail("kind must be cuda or host, not '" + value + "'");
    result.format = value == "cuda" ? HubFormat::chained_policy : HubFormat::host;
    result.format_line = site.line;
  } else if (name == "format") {
    const auto format = parse_format(value);
    if (!format) site.fail("format must be chained_policy, policy_selector or host, not '" + value + "'");
    result.format = *format;
    result.format_line = site.line;
  } else if (name == "cccl") {
    result.releases = parse_cccl_directive(value, site);
    result.releases_line = site.line;
  } else if (name == "header") {
    result.header = header_skeleton_path(value, site);
  } else if (name == "base") {
    parse_base_values(result, value, site);
  } else if (name == "benchmark") {
    if (value.empty() || value.find_first_of(" \t") != std::string::npos)
      site.fail("benchmark: names one benchmark, as reduce.sum");
    result.benchmark = value;
    result.benchmark_line = site.line;
  } else if (name == "type") {
    parse_type_spelling(result, value, site);
  } else if (!saw_header) {
    site.fail("a template starts with {{! policytune-template 1 }}");
  }
  // Other comments are documentation.
}

// What the head must have declared, given its format.
void check_directives_complete(const PolicyTemplate& result) {
  const std::string& path = result.path;
  if (result.hub_name.empty()) throw UserError(path, 0, "the template names no `hub:` (cuda) or `struct:` (host)");
  if (result.format != HubFormat::host && (result.default_hub.empty() || result.key.empty())) {
    throw UserError(
        path, result.format_line,
        std::string("a ") + format_name(result.format) + " template needs `default:` and `key:` directives");
  }
  if (result.format == HubFormat::policy_selector && result.policy_type.empty()) {
    throw UserError(path, result.format_line, "a policy_selector template needs a `policy-type:` directive");
  }
  for (const auto& key : result.key) check_key_names_one_parameter(result, key);
  check_class_key(result);
}

// The template's text from line `body_start` on (1-based; 0: the file is all head, no body).
std::string body_from(const std::string& text, std::size_t body_start) {
  std::istringstream rest(text);
  std::string line;
  for (std::size_t i = 1; i < body_start && std::getline(rest, line); ++i) {}
  std::string body;
  body.assign(std::istreambuf_iterator<char>(rest), std::istreambuf_iterator<char>());
  if (body_start == 0) body.clear();
  return body;
}

}  // namespace

std::string PolicyTemplate::spelling_of(const std::string& label) const {
  if (const auto found = type_spellings.find(label); found != type_spellings.end()) return found->second;
  if (const auto standard = standard_spelling(label)) return *standard;
  throw UserError(
      path, 0,
      "no C++ type for the compile-time label '" + label + "' (add a `type: " + label + " = <C++ type>` directive)");
}

std::optional<std::size_t> PolicyTemplate::size_of(const std::string& label) const {
  if (const auto found = type_sizes.find(label); found != type_sizes.end()) return found->second;
  // A `type:` directive that spells a standard label as another type states its size or has none.
  if (type_spellings.count(label) != 0) return std::nullopt;
  return standard_size(label);
}

bool PolicyTemplate::classes_by_size(std::size_t axis) const {
  return axis < class_key.size() && axis < key.size() && class_key[axis] != key[axis];
}

std::string PolicyTemplate::render(const std::map<std::string, std::int64_t>& values, bool tuned,
                                   const std::map<std::string, std::string>& extra) const {
  kainjow::mustache::mustache view(body);
  view.set_custom_escape([](const std::string& text) { return text; });  // C++, not HTML
  kainjow::mustache::data data;
  for (const auto& [label, value] : values) data.set(label, std::to_string(value));
  for (const auto& [name, value] : extra) data.set(name, value);
  data.set("tuned", tuned);
  return render_within_limit(view, body, data, path);
}

PolicyTemplate load_policy_template(const std::string& path) {
  PolicyTemplate result;
  result.path = path;
  const std::string text = read_text_file(path);
  std::istringstream lines(text);
  std::string line;
  std::size_t number = 0;
  std::size_t body_start = 0;
  bool saw_header = false;
  while (std::getline(lines, line)) {
    ++number;
    const std::string trimmed = trim(line);
    if (trimmed.rfind("{{!", 0) != 0 || trimmed.size() < 5 || trimmed.substr(trimmed.size() - 2) != "}}") {
      body_start = number;
      break;
    }
    const std::string directive = trim(trimmed.substr(3, trimmed.size() - 5));
    const std::size_t colon = directive.find(':');
    const std::string name = trim(directive.substr(0, colon));
    const std::string value = colon == std::string::npos ? "" : trim(directive.substr(colon + 1));
    apply_directive(result, name, value, DirectiveSite{path, number}, saw_header);
  }
  if (!saw_header) throw UserError(path, 1, "a template starts with {{! policytune-template 1 }}");
  check_directives_complete(result);
  result.body = body_from(text, body_start);
  result.body_line = body_start;
  check_mustache_nesting(result.body, path, body_start);
  refuse_mustache_partials(scan_mustache(result.body, body_start), path);
  kainjow::mustache::mustache check(result.body);
  if (!check.is_valid())
    throw UserError(path, body_start, "the template body is not valid mustache: " + check.error_message());
  return result;
}

}  // namespace policytune
