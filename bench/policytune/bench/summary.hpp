// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: nvbench::summary, what `state.add_summary(tag)` returns.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace policytune::bench
{
/// Named values a benchmark derives for NVBench's report (CCCL's segmented scan: the number of
/// segments). The harness keeps them with the state; the driver's measurements do not use them.
class summary
{
public:
  explicit summary(std::string tag)
      : m_tag(std::move(tag))
  {}

  const std::string& get_tag() const noexcept { return m_tag; }
  void set_string(const std::string& name, std::string value) { set(name, std::move(value)); }
  void set_int64(const std::string& name, std::int64_t value) { set(name, std::to_string(value)); }
  void set_float64(const std::string& name, double value) { set(name, std::to_string(value)); }
  /// The value set under `name`, as text; empty when none was.
  std::string get(const std::string& name) const
  {
    for (const auto& [key, value] : m_values)
    {
      if (key == name)
      {
        return value;
      }
    }
    return {};
  }

private:
  void set(const std::string& name, std::string value)
  {
    for (auto& [key, kept] : m_values)
    {
      if (key == name)
      {
        kept = std::move(value);
        return;
      }
    }
    m_values.emplace_back(name, std::move(value));
  }

  std::string m_tag;
  std::vector<std::pair<std::string, std::string>> m_values;
};
} // namespace policytune::bench
