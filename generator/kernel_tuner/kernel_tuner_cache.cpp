#include "kernel_tuner/kernel_tuner_cache.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
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

// Builds the document and the cache's entries in one pass over the text. Every event goes to the
// document's builder except those of the cache's entries, each of which gets a builder of its own
// and becomes an element of `entries`: no tree of a million keys is built, nor looked up. (A
// template SAX, not a json_sax subclass, so that a parse error is thrown with its own type.)
class CacheReader {
public:
  using Builder = nlohmann::detail::json_sax_dom_parser<Json>;
  using string_t = Json::string_t;

  CacheReader(const std::string& path, KernelTunerCache& cache)
      : path_(path), cache_(cache), document_(cache.document) {}

  std::size_t cache_members() const { return cache_members_; }

  bool key(string_t& key) {
    if (entry_) return entry_->key(key);
    if (depth_ == 1) {
      cache_key_ = key == "cache";
      if (cache_key_) ++cache_members_;
    } else if (depth_ == 2 && in_cache_) {
      // A JSON object keeps one value per key: a second entry would replace the first unseen.
      if (!seen_.insert(key).second) {
        throw UserError(path_, cache_.line_of_entry(key, 2), "cache entry '" + key + "' appears twice");
      }
      cache_.entries.emplace_back(key, Json());
      entry_.emplace(cache_.entries.back().second);
      entry_depth_ = 0;
      return true;
    }
    return document_.key(key);
  }
  bool start_object(std::size_t elements) {
    if (entry_) return opened(entry_->start_object(elements));
    in_cache_ = in_cache_ || (depth_ == 1 && cache_key_);
    ++depth_;
    return document_.start_object(elements);
  }
  bool end_object() {
    if (entry_) return closed(entry_->end_object());
    if (--depth_ == 1) in_cache_ = false;
    return document_.end_object();
  }
  bool start_array(std::size_t elements) {
    if (entry_) return opened(entry_->start_array(elements));
    ++depth_;
    return document_.start_array(elements);
  }
  bool end_array() {
    if (entry_) return closed(entry_->end_array());
    --depth_;
    return document_.end_array();
  }
  bool null() {
    return value([](Builder& builder) { return builder.null(); });
  }
  bool boolean(bool flag) {
    return value([&](Builder& builder) { return builder.boolean(flag); });
  }
  bool number_integer(Json::number_integer_t number) {
    return value([&](Builder& builder) { return builder.number_integer(number); });
  }
  bool number_unsigned(Json::number_unsigned_t number) {
    return value([&](Builder& builder) { return builder.number_unsigned(number); });
  }
  bool number_float(Json::number_float_t number, const string_t& text) {
    return value([&](Builder& builder) { return builder.number_float(number, text); });
  }
  bool string(string_t& text) {
    return value([&](Builder& builder) { return builder.string(text); });
  }
  bool binary(Json::binary_t& data) {
    return value([&](Builder& builder) { return builder.binary(data); });
  }
  template <class Exception>
  bool parse_error(std::size_t /*position*/, const std::string& /*token*/, const Exception& error) {
    throw error;  // Json::parse_error with its byte, or out_of_range for a number past a double
  }

private:
  // A scalar: an entry's whole value, a part of one, or the document's.
  template <class Add>
  bool value(Add add) {
    if (!entry_) return add(document_);
    add(*entry_);
    if (entry_depth_ == 0) entry_.reset();
    return true;
  }
  bool opened(bool result) {
    ++entry_depth_;
    return result;
  }
  bool closed(bool result) {
    if (--entry_depth_ == 0) entry_.reset();  // the entry is complete
    return result;
  }

  const std::string& path_;
  KernelTunerCache& cache_;
  Builder document_;
  std::optional<Builder> entry_;  // the builder of the entry being read
  int entry_depth_ = 0;           // arrays and objects open within that entry
  int depth_ = 0;                 // of the document
  bool cache_key_ = false;        // the last top-level key was "cache"
  bool in_cache_ = false;         // inside the top-level "cache" object
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
  CacheReader reader(path, result);
  try {
    check_json_nesting(result.text);
  } catch (const JsonTooDeep& deep) {
    throw UserError(path, line_of_offset(result.text, deep.offset()), deep.what());
  }
  try {
    (void)Json::sax_parse(result.text, &reader);
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
  if (reader.cache_members() > 1) throw UserError(path, result.line_of_key("cache"), "'cache' appears twice");
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
  for (std::size_t axis = 0; axis < cache.parameters.size(); ++axis) {
    const std::string& parameter = cache.parameters[axis];
    const auto at = entry.find(parameter);
    if (at == entry.end()) throw fail("lacks parameter '" + parameter + "'");
    const Json& value = *at;
    const Json& listed = *cache.values[axis];
    const auto found = std::find(listed.begin(), listed.end(), value);
    if (found == listed.end()) {
      throw fail("has " + parameter + " = " + value.dump() + ", which tune_params does not list");
    }
    point.push_back(static_cast<std::size_t>(found - listed.begin()));
    values.push_back(&value);
  }
  if (!key_spells(key, values)) {
    std::string configuration;  // only for the message: a million entries need not spell it
    for (std::size_t axis = 0; axis < values.size(); ++axis) {
      configuration += (axis == 0 ? "" : ", ") + cache.parameters[axis] + " = " + values[axis]->dump();
    }
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
