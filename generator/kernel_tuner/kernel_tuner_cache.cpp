#include "kernel_tuner/kernel_tuner_cache.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string_view>
#include <unordered_set>

#include "core/json_document.hpp"
#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "space/search_space.hpp"

namespace policytune {
namespace {

using Json = KernelTunerCache::Json;

constexpr double kOldFailureTime = 1e20;  // older Kernel Tuner files mark failures with this

// Where a key starts in the text (JSON values carry no lines).
std::size_t line_of(const std::string& text, const std::string& key, std::size_t from) {
  const std::size_t at = text.find("\"" + key + "\"", from);
  return at == std::string::npos ? 0 : line_of_offset(text, at);
}

// Reads the keys of the cache's entries in the file's order into `cache.entry_keys` (a SAX pass:
// nothing is built), and counts the top-level "cache" members.
class EntryOrder : public nlohmann::json_sax<Json> {
public:
  EntryOrder(const std::string& path, KernelTunerCache& cache) : path_(path), cache_(cache) {}

  std::size_t cache_members() const { return cache_members_; }

  bool key(string_t& key) override {
    if (depth_ == 1) {
      in_cache_ = key == "cache";
      if (in_cache_) ++cache_members_;
    } else if (depth_ == 2 && in_cache_) {
      // A JSON object keeps one value per key: a second entry would replace the first unseen.
      if (!seen_.insert(key).second) {
        throw UserError(path_, cache_.line_of_entry(key, 2), "cache entry '" + key + "' appears twice");
      }
      cache_.entry_keys.push_back(key);
    }
    return true;
  }
  bool start_object(std::size_t /*elements*/) override { return ++depth_, true; }
  bool end_object() override { return --depth_, true; }
  bool start_array(std::size_t /*elements*/) override { return ++depth_, true; }
  bool end_array() override { return --depth_, true; }
  bool null() override { return true; }
  bool boolean(bool /*value*/) override { return true; }
  bool number_integer(number_integer_t /*value*/) override { return true; }
  bool number_unsigned(number_unsigned_t /*value*/) override { return true; }
  bool number_float(number_float_t /*value*/, const string_t& /*text*/) override { return true; }
  bool string(string_t& /*value*/) override { return true; }
  bool binary(binary_t& /*value*/) override { return true; }
  bool parse_error(std::size_t /*position*/, const std::string& /*token*/,
                   const nlohmann::detail::exception& /*error*/) override {
    return false;  // the DOM parse that follows reports it
  }

private:
  const std::string& path_;
  KernelTunerCache& cache_;
  int depth_ = 0;
  bool in_cache_ = false;
  std::size_t cache_members_ = 0;
  std::unordered_set<std::string> seen_;
};

}  // namespace

std::size_t KernelTunerCache::line_of_key(const std::string& key) const { return line_of(text, key, 0); }

std::size_t KernelTunerCache::line_of_entry(const std::string& key, int occurrence) const {
  // Looked for after "cache", since a key's text (parameter values) may also appear before it.
  const std::size_t cache_at = text.find("\"cache\"");
  std::size_t from = cache_at == std::string::npos ? 0 : cache_at;
  for (int seen = 1; seen < occurrence && from != std::string::npos; ++seen) {
    from = text.find("\"" + key + "\"", from);
    if (from != std::string::npos) ++from;
  }
  return from == std::string::npos ? 0 : line_of(text, key, from);
}

KernelTunerCache read_kernel_tuner_cache(const std::string& path) {
  KernelTunerCache result;
  result.path = path;
  result.text = read_text_file(path);
  EntryOrder order(path, result);
  try {
    check_json_nesting(result.text);
  } catch (const JsonTooDeep& deep) {
    throw UserError(path, line_of_offset(result.text, deep.offset()), deep.what());
  }
  try {
    // Two passes, each linear: the order of the entries, then the document. (A parse callback
    // would do both at once, but nlohmann's scans an object's members at the end of each member.)
    // A syntax error ends the first pass early; the second reports it, with its place.
    [[maybe_unused]] const bool well_formed = Json::sax_parse(result.text, &order);
    result.document = Json::parse(result.text);
  } catch (const Json::parse_error& error) {
    throw UserError(path, line_of_offset(result.text, error.byte == 0 ? 0 : error.byte - 1),
                    "not valid JSON: " + std::string(error.what()));
  } catch (const Json::exception& error) {  // a number that overflows a double, for one
    throw UserError(path, 0, "not valid JSON: " + std::string(error.what()));
  }
  const Json& document = result.document;
  const auto require = [&](const char* key, Json::value_t type, const char* what) -> const Json& {
    if (!document.is_object() || !document.contains(key) || document.at(key).type() != type) {
      throw UserError(path, result.line_of_key(key),
                      std::string("Kernel Tuner cache needs '") + key + "' (" + what + ")");
    }
    return document.at(key);
  };
  const Json& keys = require("tune_params_keys", Json::value_t::array, "a list of parameter names");
  require("cache", Json::value_t::object, "an object of configurations");
  if (order.cache_members() > 1) throw UserError(path, result.line_of_key("cache"), "'cache' appears twice");
  for (const auto& key : keys) {
    if (!key.is_string() || !is_identifier(key.get<std::string>())) {
      throw UserError(path, result.line_of_key("tune_params_keys"),
                      "tune_params_keys holds '" + key.dump() + "', which is not a parameter name");
    }
    if (std::find(result.parameters.begin(), result.parameters.end(), key.get<std::string>()) !=
        result.parameters.end()) {
      throw UserError(path, result.line_of_key("tune_params_keys"),
                      "tune_params_keys names '" + key.get<std::string>() + "' twice");
    }
    result.parameters.push_back(key.get<std::string>());
  }
  // Without parameters every configuration would be the same variant, with an empty name.
  if (result.parameters.empty())
    throw UserError(path, result.line_of_key("tune_params_keys"), "tune_params_keys is empty");
  const Json& tune_params = require("tune_params", Json::value_t::object, "an object of value lists");
  for (const auto& parameter : result.parameters) {
    const auto at = tune_params.find(parameter);
    if (at == tune_params.end() || !at->is_array() || at->empty()) {
      throw UserError(path, result.line_of_key("tune_params"),
                      "tune_params needs a non-empty list of values for '" + parameter + "'");
    }
    for (auto value = at->begin(); value != at->end(); ++value) {
      if (std::find(at->begin(), value, *value) != value) {
        throw UserError(path, result.line_of_key("tune_params"),
                        "tune_params lists " + value->dump() + " twice for '" + parameter + "'");
      }
    }
    result.values.push_back(&*at);
  }
  return result;
}

namespace {

// Whether `part` of a key is `value` as Python's str() writes it (Kernel Tuner joins str(value)s).
bool spells(std::string_view part, const Json& value) {
  if (value.is_string()) return part == value.get<std::string>();
  if (value.is_boolean()) return part == (value.get<bool>() ? "True" : "False");
  if (value.is_null()) return part == "None";
  if (!value.is_number() || part.empty()) return false;
  const std::string text(part);
  char* end = nullptr;
  const double number = std::strtod(text.c_str(), &end);
  return end == text.c_str() + text.size() && number == value.get<double>();
}

// Whether `key` is the entry's values joined with commas. A string value may hold commas itself,
// so the key is read value by value rather than split.
bool key_spells(const std::string& key, const std::vector<const Json*>& values) {
  std::size_t at = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) {
      if (at >= key.size() || key[at] != ',') return false;
      ++at;
    }
    const Json& value = *values[i];
    if (value.is_array() || value.is_object()) return true;  // str() of a list: not worth spelling out
    std::size_t length = 0;
    if (value.is_string()) {
      length = value.get_ref<const std::string&>().size();
    } else {
      const std::size_t comma = key.find(',', at);
      length = (comma == std::string::npos ? key.size() : comma) - at;
    }
    if (at + length > key.size() || !spells(std::string_view(key).substr(at, length), value)) return false;
    at += length;
  }
  return at == key.size();
}

}  // namespace

std::vector<std::size_t> entry_configuration(const KernelTunerCache& cache, const std::string& key, const Json& entry) {
  const auto fail = [&](const std::string& message) {
    return UserError(cache.path, cache.line_of_entry(key), "cache entry '" + key + "' " + message);
  };
  if (!entry.is_object()) throw fail("is not an object");
  std::vector<std::size_t> point;
  std::vector<const Json*> values;
  std::string configuration;
  for (std::size_t axis = 0; axis < cache.parameters.size(); ++axis) {
    const std::string& parameter = cache.parameters[axis];
    if (!entry.contains(parameter)) throw fail("lacks parameter '" + parameter + "'");
    const Json& value = entry[parameter];
    const Json& listed = *cache.values[axis];
    const auto found = std::find(listed.begin(), listed.end(), value);
    if (found == listed.end()) {
      throw fail("has " + parameter + " = " + value.dump() + ", which tune_params does not list");
    }
    point.push_back(static_cast<std::size_t>(found - listed.begin()));
    values.push_back(&value);
    configuration += (configuration.empty() ? "" : ", ") + parameter + " = " + value.dump();
  }
  if (!key_spells(key, values)) {
    throw fail("is keyed as another configuration than its values say (" + configuration +
               "): Kernel Tuner keys each by its values joined with commas");
  }
  return point;
}

KernelTunerTime entry_time(const KernelTunerCache& cache, const std::string& key, const Json& entry) {
  const auto fail = [&](const std::string& message) {
    return UserError(cache.path, cache.line_of_entry(key), message);
  };
  if (!entry.is_object()) throw fail("cache entry '" + key + "' is not an object");
  if (!entry.contains("time")) throw fail("cache entry '" + key + "' has no 'time'");
  const Json& time = entry["time"];
  if (time.is_string()) return {std::nullopt, time.get<std::string>()};
  if (!time.is_number()) throw fail("cache entry '" + key + "' has a 'time' that is neither a number nor a failure");
  const double milliseconds = time.get<double>();
  if (milliseconds >= kOldFailureTime) return {std::nullopt, "time 1e20 (failed)"};
  if (!std::isfinite(milliseconds) || milliseconds <= 0)
    throw fail("cache entry '" + key + "' has a non-positive time");
  return {milliseconds, ""};
}

}  // namespace policytune
