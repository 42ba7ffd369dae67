// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: benchmark entries, their builder interface and the registry. The
// type axes' combinations come from type_lists.hpp (cartesian_product).
#pragma once

#include <policytune/bench/axis.hpp>
#include <policytune/bench/state.hpp>
#include <policytune/bench/text.hpp>
#include <policytune/bench/type_lists.hpp>
#include <policytune/bench/types.hpp>

#include <string>
#include <utility>
#include <vector>

namespace policytune::bench
{
namespace detail
{
template <class AxesList>
struct typed_registration;
bool keep_entries_of_variant(const std::string& variant);
} // namespace detail

/// One entry of a benchmark file: a benchmark function, its type axes (the cartesian product of
/// which was compiled in) and its runtime axes. The builder methods follow NVBench.
class benchmark_base
{
public:
  using combo_function = void (*)(state&);

  /// One compile-time workload: the index of its value on each type axis and the function
  /// instantiated for it.
  struct type_combo
  {
    std::vector<std::size_t> indices; // per type axis
    combo_function run;
  };

  benchmark_base(std::string name, std::string variant, std::vector<axis> type_axes, std::vector<type_combo> combos)
      : m_name(std::move(name))
      , m_variant(std::move(variant))
      , m_type_axes(std::move(type_axes))
      , m_combos(std::move(combos))
  {}

  benchmark_base(const benchmark_base&)            = delete;
  benchmark_base& operator=(const benchmark_base&) = delete;

  benchmark_base& set_name(std::string name)
  {
    m_name = std::move(name);
    return *this;
  }

  benchmark_base& set_type_axes_names(std::vector<std::string> names)
  {
    if (names.size() != m_type_axes.size())
    {
      add_error(detail::cat({"set_type_axes_names got ",
                             detail::decimal(static_cast<long long>(names.size())).c_str(),
                             " names for ",
                             detail::decimal(static_cast<long long>(m_type_axes.size())).c_str(),
                             " type axes"}));
      return *this;
    }
    for (std::size_t i = 0; i < names.size(); ++i)
    {
      m_type_axes[i].name = std::move(names[i]);
    }
    return *this;
  }

  benchmark_base& add_int64_axis(std::string name, std::vector<int64_t> values, int64_axis_flags flags = int64_axis_flags::none)
  {
    axis a;
    a.name = std::move(name);
    a.kind = axis_kind::int64;
    a.pow2 = flags == int64_axis_flags::power_of_two;
    for (int64_t v : values)
    {
      if (a.pow2 && (v < 0 || v > 62))
      {
        add_error(detail::cat(
          {"axis '", a.name.c_str(), "': power-of-two exponent ", detail::decimal(v).c_str(), " is outside 0..62"}));
        return *this;
      }
      a.ints.push_back(v);
      a.values.push_back(detail::decimal(v));
    }
    return add_axis(std::move(a));
  }

  benchmark_base& add_int64_power_of_two_axis(std::string name, std::vector<int64_t> exponents)
  {
    return add_int64_axis(std::move(name), std::move(exponents), int64_axis_flags::power_of_two);
  }

  benchmark_base& add_float64_axis(std::string name, std::vector<double> values)
  {
    axis a;
    a.name = std::move(name);
    a.kind = axis_kind::float64;
    for (double v : values)
    {
      a.floats.push_back(v);
      a.values.push_back(detail::format_axis_double(v));
    }
    return add_axis(std::move(a));
  }

  benchmark_base& add_string_axis(std::string name, std::vector<std::string> values)
  {
    axis a;
    a.name   = std::move(name);
    a.kind   = axis_kind::string;
    a.values = std::move(values);
    return add_axis(std::move(a));
  }

  /// Per-entry defaults of the stopping rule; explicit command line options win over them. The
  /// noise is a fraction here, as in NVBench's API (0.005), and a percentage on the command line.
  benchmark_base& set_min_samples(long long n)
  {
    m_min_samples = n;
    return *this;
  }
  benchmark_base& set_max_noise(double fraction)
  {
    m_max_noise = fraction;
    return *this;
  }
  benchmark_base& set_timeout(double seconds)
  {
    m_max_time = seconds;
    return *this;
  }

  const std::string& name() const noexcept { return m_name; }
  /// The variant a batched build compiled this entry for (`--variant` selects it); empty otherwise.
  const std::string& variant() const noexcept { return m_variant; }
  const std::vector<axis>& type_axes() const noexcept { return m_type_axes; }
  const std::vector<axis>& runtime_axes() const noexcept { return m_runtime_axes; }
  const std::vector<type_combo>& combos() const noexcept { return m_combos; }
  const std::vector<std::string>& errors() const noexcept { return m_errors; }

  /// The next entry in registration order, or nullptr.
  const benchmark_base* next() const noexcept { return m_next; }

  /// The entry's stopping rule, given the command line's (explicit options win).
  run_settings settings(const run_settings& defaults, bool cli_min, bool cli_noise, bool cli_time) const
  {
    run_settings s = defaults;
    if (!cli_min && m_min_samples >= 0)
    {
      s.min_samples = m_min_samples;
    }
    if (!cli_noise && m_max_noise >= 0)
    {
      s.max_noise = m_max_noise;
    }
    if (!cli_time && m_max_time >= 0)
    {
      s.max_time = m_max_time;
    }
    return s;
  }

private:
  benchmark_base& add_axis(axis a)
  {
    m_runtime_axes.push_back(std::move(a));
    return *this;
  }

  void add_error(std::string what) { m_errors.push_back(std::move(what)); }

  template <class>
  friend struct detail::typed_registration;
  friend bool detail::keep_entries_of_variant(const std::string& variant);

  benchmark_base* m_next = nullptr;
  std::string m_name;
  std::string m_variant;
  std::vector<axis> m_type_axes;
  std::vector<axis> m_runtime_axes;
  std::vector<type_combo> m_combos;
  std::vector<std::string> m_errors;
  long long m_min_samples = -1;
  double m_max_noise      = -1.0;
  double m_max_time       = -1.0;
};

namespace detail
{
/// All entries, in registration (declaration) order, as a list threaded through the entries
/// (which live as long as the process).
struct entry_list
{
  benchmark_base* head = nullptr;
  benchmark_base* tail = nullptr;
};

inline entry_list& registry()
{
  static entry_list entries;
  return entries;
}

/// Unlinks the entries of every other variant from the registry (they live on, unused); false,
/// and the registry unchanged, when no entry belongs to `variant`.
inline bool keep_entries_of_variant(const std::string& variant)
{
  entry_list kept;
  for (benchmark_base* b = registry().head; b != nullptr;)
  {
    benchmark_base* following = b->m_next;
    if (b->variant() == variant)
    {
      (kept.tail != nullptr ? kept.tail->m_next : kept.head) = b;
      kept.tail                                              = b;
    }
    b = following;
  }
  if (kept.head == nullptr)
  {
    return false;
  }
  kept.tail->m_next = nullptr;
  registry()        = kept;
  return true;
}

template <class... Ts>
axis make_type_axis(std::size_t position, type_list<Ts...>)
{
  axis a;
  a.name = detail::cat({"T", detail::decimal(static_cast<long long>(position)).c_str()});
  a.kind = axis_kind::type;
  (a.values.push_back(type_strings<Ts>::label), ...);
  (a.spellings.push_back(type_strings<Ts>::spelling), ...);
  return a;
}

template <class Callable, class Combo>
void run_combo(state& s)
{
  Callable{}(s, Combo{});
}

template <class AxesList>
struct typed_registration;

template <class... Axes>
struct typed_registration<type_list<Axes...>>
{
  template <class Callable, class... Combos>
  static std::vector<benchmark_base::type_combo> combos(type_list<Combos...>)
  {
    return {benchmark_base::type_combo{indices(Combos{}), &run_combo<Callable, Combos>}...};
  }

  /// The position of each type of one combination on its axis.
  template <class... Ts>
  static std::vector<std::size_t> indices(type_list<Ts...>)
  {
    return {index_in<Ts, Axes>...};
  }

  template <class Callable>
  static benchmark_base& add(const char* default_name, const char* variant)
  {
    std::vector<axis> axes;
    std::size_t position = 0;
    (axes.push_back(make_type_axis(position++, Axes{})), ...);
    auto* b = new benchmark_base(default_name, variant, std::move(axes), combos<Callable>(cartesian_product<Axes...>{}));
    entry_list& list = registry();
    (list.tail != nullptr ? list.tail->m_next : list.head) = b;
    list.tail                                              = b;
    return *b;
  }
};
} // namespace detail

/// Registers a benchmark function `template <class... Ts> void fn(state&, type_list<Ts...>)` over
/// the cartesian product of the type lists in `TypeAxes` (a type_list of type_lists). `variant`
/// names the variant of a batched build the entry belongs to.
template <class Callable, class TypeAxes>
benchmark_base& register_benchmark(const char* default_name, const char* variant = "")
{
  return detail::typed_registration<TypeAxes>::template add<Callable>(default_name, variant);
}
} // namespace policytune::bench
