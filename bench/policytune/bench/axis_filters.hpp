// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: which axis values the --axis filters let through, and the walk
// over the runtime workloads they allow. What a filter item selects is the protocol's rule
// (protocol/policytune/protocol/axis_filter_rules.hpp), which the tool checks filters against.
#pragma once

#include <policytune/bench/axis.hpp>
#include <policytune/bench/benchmark.hpp>
#include <policytune/bench/option_parser.hpp>
#include <policytune/protocol/axis_filter_rules.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace policytune::bench
{
namespace detail
{
using protocol::integer_item_contains;

/// Whether filter item `item` of filter `f` selects value `i` of axis `a`.
inline bool item_selects(const axis& a, std::size_t i, const axis_filter& f, const std::string& item)
{
  switch (a.kind)
  {
    case axis_kind::int64: return protocol::int64_item_selects(item, a.int_value(i), f.pow2);
    case axis_kind::float64: return protocol::float64_item_selects(item, a.floats[i]);
    default: return protocol::label_item_selects(item, a.values[i]);
  }
}

/// Whether the command line lets value `i` of axis `a` through (yes when no filter names the axis).
inline bool allowed(const axis& a, std::size_t i, const std::vector<axis_filter>& filters)
{
  for (const axis_filter& f : filters)
  {
    if (f.name == a.name)
    {
      for (const std::string& item : f.values)
      {
        if (item_selects(a, i, f, item))
        {
          return true;
        }
      }
      return false;
    }
  }
  return true;
}

/// Notes on stderr for filters that select nothing anywhere (typos are otherwise silent).
inline void note_unused_filters(const std::vector<axis_filter>& filters)
{
  for (const axis_filter& f : filters)
  {
    bool axis_seen = false;
    for (const std::string& item : f.values)
    {
      bool matched = false;
      for (const benchmark_base* b = registry().head; b != nullptr; b = b->next())
      {
        for (int part = 0; part < 2; ++part)
        {
          for (const axis& a : part == 0 ? b->type_axes() : b->runtime_axes())
          {
            if (a.name != f.name)
            {
              continue;
            }
            axis_seen = true;
            for (std::size_t i = 0; i < a.values.size(); ++i)
            {
              matched = matched || item_selects(a, i, f, item);
            }
          }
        }
      }
      if (axis_seen && !matched)
      {
        std::fprintf(stderr, "note: --axis %s: no axis '%s' has the value '%s'; ignored\n", f.name.c_str(),
                     f.name.c_str(), item.c_str());
      }
    }
    if (!axis_seen)
    {
      std::fprintf(stderr, "note: --axis %s: no benchmark has this axis; ignored\n", f.name.c_str());
    }
  }
}

/// Moves idx[from..] to their first allowed values; false when some axis has none left.
inline bool settle(const std::vector<axis>& axes, std::vector<std::size_t>& idx, std::size_t from, const std::vector<axis_filter>& filters)
{
  for (std::size_t k = from; k < axes.size(); ++k)
  {
    while (idx[k] < axes[k].values.size() && !allowed(axes[k], idx[k], filters))
    {
      ++idx[k];
    }
    if (idx[k] == axes[k].values.size())
    {
      return false;
    }
  }
  return true;
}

/// The next runtime workload (last axis fastest); false after the last one.
inline bool advance(const std::vector<axis>& axes, std::vector<std::size_t>& idx, const std::vector<axis_filter>& filters)
{
  std::size_t k = axes.size();
  while (k-- > 0)
  {
    ++idx[k];
    if (settle(axes, idx, k, filters))
    {
      return true;
    }
    idx[k] = 0;
  }
  return false;
}
} // namespace detail
} // namespace policytune::bench
