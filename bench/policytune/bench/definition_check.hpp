// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the checks of the registry before anything runs: the variant
// --variant chose, and the benchmark's own definition (names, axes), one line per problem.
#pragma once

#include <policytune/bench/axis.hpp>
#include <policytune/bench/benchmark.hpp>
#include <policytune/bench/option_parser.hpp>
#include <policytune/bench/text.hpp>

#include <cstring>
#include <string>
#include <vector>

namespace policytune::bench
{
namespace detail
{
/// Keeps the entries of one variant in the registry. A batched build registers every entry once
/// per variant; `variant` empty keeps the entries of an ordinary build. Throws usage_error when the
/// binary has no such variant, or holds several and none was chosen.
inline void select_variant(const std::string& variant)
{
  bool batched = false;
  for (const benchmark_base* b = registry().head; b != nullptr; b = b->next())
  {
    batched = batched || !b->variant().empty();
  }
  if (!batched && variant.empty())
  {
    return; // an ordinary build
  }
  if (variant.empty())
  {
    throw usage_error(cat({"this binary holds several variants (", registry().head->variant().c_str(),
                           ", ...): choose one with --variant"}));
  }
  if (!keep_entries_of_variant(variant))
  {
    throw usage_error(cat({"--variant ", variant.c_str(), ": this binary has no such variant"}));
  }
}

inline bool bad_name(const std::string& s)
{
  return s.empty() || std::strpbrk(s.c_str(), "=,[]\"\n") != nullptr;
}

/// Problems in the benchmark's own definition, one line each.
inline std::vector<std::string> definition_errors()
{
  std::vector<std::string> errors;
  const char* bad_name_text = "must be non-empty, without = , [ ] \" or newlines";
  for (const benchmark_base* b = registry().head; b != nullptr; b = b->next())
  {
    const char* entry = b->name().c_str();
    if (bad_name(b->name()))
    {
      errors.push_back(cat({"benchmark '", entry, "': the name ", bad_name_text}));
    }
    for (const benchmark_base* o = registry().head; o != b; o = o->next())
    {
      if (o->name() == b->name())
      {
        errors.push_back(cat({"benchmark '", entry, "': two entries have this name; give each its own with set_name()"}));
      }
    }
    for (const std::string& msg : b->errors())
    {
      errors.push_back(cat({"benchmark '", entry, "': ", msg.c_str()}));
    }
    const std::size_t n_type = b->type_axes().size();
    const std::size_t n_all  = n_type + b->runtime_axes().size();
    auto nth                 = [&](std::size_t i) -> const axis& {
      return i < n_type ? b->type_axes()[i] : b->runtime_axes()[i - n_type];
    };
    for (std::size_t i = 0; i < n_all; ++i)
    {
      const axis& a    = nth(i);
      const char* name = a.name.c_str();
      if (bad_name(a.name))
      {
        errors.push_back(cat({"benchmark '", entry, "': axis '", name, "': the name ", bad_name_text}));
      }
      for (std::size_t j = 0; j < i; ++j)
      {
        if (nth(j).name == a.name)
        {
          errors.push_back(cat({"benchmark '", entry, "': two axes are named '", name, "'"}));
        }
      }
      if (a.values.empty())
      {
        errors.push_back(cat({"benchmark '", entry, "': axis '", name, "' has no values"}));
      }
      for (const std::string& v : a.values)
      {
        if (std::strchr(v.c_str(), ',') != nullptr || (!v.empty() && v[0] == '['))
        {
          errors.push_back(cat({"benchmark '", entry, "': axis '", name, "': value '", v.c_str(),
                                "' must not contain ',' or start with '['"}));
        }
      }
    }
  }
  return errors;
}
} // namespace detail
} // namespace policytune::bench
