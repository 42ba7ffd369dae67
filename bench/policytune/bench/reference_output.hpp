// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: verification against base's own output, for benchmarks that
// declare no check (CUB's, through the NVBench compatibility headers in ../nvbench_compat).
//
// How: every buffer the benchmark allocates is registered (`buffers()`; the compatibility headers
// register thrust::device_vector's allocations, and mark those `generate` filled as inputs). After
// the run that is verified, each output the state declared (add_global_memory_writes<T>(n)) is
// matched to the earliest live buffer of exactly n * sizeof(T) bytes, else to the beginning of a
// larger one, preferring buffers that are not inputs (match_outputs). Base (TUNE_BASE) saves
// those bytes in $POLICYTUNE_REFERENCE_DIR, one file per state (entry, compile-time and runtime
// workload); a variant compares its bytes with that file:
// integers exactly, float and double within a relative tolerance, by the comparison every check
// shares (element_differences.hpp, and verify.hpp's tolerance test). Limits: an output must be
// declared with its element type and count; a buffer is found by its size only.
#pragma once

#include <policytune/bench/declared_output.hpp>
#include <policytune/bench/element_differences.hpp>
#include <policytune/bench/verify.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace policytune::bench
{
/// A live allocation of the benchmark's; `order` counts allocations, `input` marks generated data.
struct buffer_record
{
  const void* address = nullptr;
  std::size_t bytes   = 0;
  unsigned long long order = 0;
  bool input               = false;
};

/// The benchmark's live buffers, in allocation order.
class buffer_registry
{
public:
  void add(const void* address, std::size_t bytes) { m_live.push_back({address, bytes, m_next++, false}); }
  void remove(const void* address)
  {
    for (std::size_t i = 0; i < m_live.size(); ++i)
    {
      if (m_live[i].address == address)
      {
        m_live.erase(m_live.begin() + static_cast<std::ptrdiff_t>(i));
        return;
      }
    }
  }
  void mark_input(const void* address)
  {
    for (auto& b : m_live)
    {
      if (b.address == address)
      {
        b.input = true;
      }
    }
  }
  const std::vector<buffer_record>& live() const noexcept { return m_live; }

private:
  std::vector<buffer_record> m_live;
  unsigned long long m_next = 0;
};

inline buffer_registry& buffers()
{
  static buffer_registry registry;
  return registry;
}

namespace detail
{
/// For each declared output, the buffer that holds it (null where none is large enough). In this
/// order of preference: a buffer of exactly its size that is not an input, a larger one that is
/// not an input (CUB sizes outputs for the worst case and declares what was written: the output
/// is its beginning), then the same among the inputs (an output written in place).
inline std::vector<const buffer_record*> match_outputs(const std::vector<declared_output>& outputs,
                                                       const std::vector<buffer_record>& live)
{
  std::vector<const buffer_record*> matched(outputs.size(), nullptr);
  std::vector<bool> taken(live.size(), false);
  for (int pass = 0; pass < 4; ++pass)
  {
    const bool inputs = pass >= 2;
    const bool exact  = pass % 2 == 0;
    for (std::size_t o = 0; o < outputs.size(); ++o)
    {
      for (std::size_t b = 0; b < live.size() && matched[o] == nullptr; ++b)
      {
        const bool fits = exact ? live[b].bytes == outputs[o].bytes : live[b].bytes > outputs[o].bytes;
        if (!taken[b] && fits && live[b].input == inputs)
        {
          matched[o] = &live[b];
          taken[b]   = true;
        }
      }
    }
  }
  return matched;
}

/// The outputs of one state, as saved: per output its kind and bytes, or why none could be taken.
struct captured_outputs
{
  std::string problem; // non-empty: the outputs could not be captured, and this says why
  std::vector<declared_output> declared;
  std::vector<std::vector<unsigned char>> data;
};

using copy_to_host_fn = void (*)(void* host, const void* buffer, std::size_t bytes);

inline captured_outputs capture_outputs(const std::vector<declared_output>& outputs,
                                        const std::vector<buffer_record>& live,
                                        copy_to_host_fn copy)
{
  captured_outputs c;
  c.declared = outputs;
  if (outputs.empty())
  {
    c.problem = "it declares no output (state.add_global_memory_writes<T>) to compare with base's";
    return c;
  }
  const auto matched = match_outputs(outputs, live);
  for (std::size_t o = 0; o < outputs.size(); ++o)
  {
    if (matched[o] == nullptr)
    {
      c.problem = "declared output " + std::to_string(o) + " (" + std::to_string(outputs[o].bytes)
                + " bytes) fits in no buffer the benchmark allocated";
      c.data.clear();
      return c;
    }
    c.data.emplace_back(outputs[o].bytes);
    copy(c.data.back().data(), matched[o]->address, outputs[o].bytes);
  }
  return c;
}

/// The file format: a text header line, then per output `kind bytes\n` and the raw bytes.
inline std::string encode_outputs(const captured_outputs& c)
{
  std::string out = "policytune-reference 1\n";
  if (!c.problem.empty())
  {
    return out + "problem " + c.problem + "\n";
  }
  out += "outputs " + std::to_string(c.declared.size()) + "\n";
  for (std::size_t o = 0; o < c.declared.size(); ++o)
  {
    out += static_cast<char>(c.declared[o].kind);
    out += ' ' + std::to_string(c.declared[o].bytes) + '\n';
    out.append(reinterpret_cast<const char*>(c.data[o].data()), c.data[o].size());
  }
  return out;
}

/// The header line at `at` (without its '\n'), and `at` moved past it; false at the end of the text.
inline bool next_line(const std::string& text, std::size_t& at, std::string& line)
{
  const std::size_t end = text.find('\n', at);
  if (end == std::string::npos)
  {
    return false;
  }
  line = text.substr(at, end - at);
  at   = end + 1;
  return true;
}

/// Reads what encode_outputs wrote; false for anything else (a damaged or foreign file). Header
/// lines are split at their '\n' before they are parsed: the raw bytes after one may be anything.
inline bool decode_outputs(const std::string& text, captured_outputs& c)
{
  std::size_t at = 0;
  std::string line;
  if (!next_line(text, at, line) || line != "policytune-reference 1" || !next_line(text, at, line))
  {
    return false;
  }
  if (line.compare(0, 8, "problem ") == 0)
  {
    c.problem = line.substr(8);
    return !c.problem.empty() && at == text.size();
  }
  unsigned long long count = 0;
  char extra               = 0;
  if (std::sscanf(line.c_str(), "outputs %llu%c", &count, &extra) != 1 || count > 4096)
  {
    return false;
  }
  for (unsigned long long o = 0; o < count; ++o)
  {
    char kind                = 0;
    unsigned long long bytes = 0;
    if (!next_line(text, at, line) || std::sscanf(line.c_str(), "%c %llu%c", &kind, &bytes, &extra) != 2
        || (kind != 'x' && kind != 'f' && kind != 'd') || text.size() - at < bytes)
    {
      return false;
    }
    c.declared.push_back({static_cast<std::size_t>(bytes), static_cast<output_kind>(kind)});
    c.data.emplace_back(text.begin() + static_cast<std::ptrdiff_t>(at),
                        text.begin() + static_cast<std::ptrdiff_t>(at + bytes));
    at += static_cast<std::size_t>(bytes);
  }
  return at == text.size();
}

/// The absolute tolerance next to the relative one: below any value a float holds, so that only
/// zeros meet it and the relative tolerance decides everywhere else.
inline constexpr double reference_atol = 1e-30;

/// Whether a variant's value is base's within `rtol`: expect_close's test (close_values).
template <class F>
bool close_enough(F actual, F expected, double rtol)
{
  return close_values(static_cast<double>(actual), static_cast<double>(expected), reference_atol, rtol);
}

/// Where two outputs of `F` elements differ (a partial element at the end is not compared).
template <class F>
element_differences output_differences(const std::vector<unsigned char>& a, const std::vector<unsigned char>& e, double rtol)
{
  return find_differences(a.size() / sizeof(F), [&](std::size_t i) {
    F x{}, y{};
    std::memcpy(&x, a.data() + i * sizeof(F), sizeof(F));
    std::memcpy(&y, e.data() + i * sizeof(F), sizeof(F));
    return close_enough(x, y, rtol);
  });
}

/// Where two outputs compared bit for bit differ, byte by byte.
inline element_differences byte_differences(const std::vector<unsigned char>& a, const std::vector<unsigned char>& e)
{
  if (a == e)
  {
    return {};
  }
  return find_differences(a.size(), [&](std::size_t i) {
    return a[i] == e[i];
  });
}

/// Relative tolerances: a policy changes the order in which floating point values are combined.
inline constexpr double float32_rtol = 1e-3;
inline constexpr double float64_rtol = 1e-9;

/// Compares a variant's outputs with base's.
inline verification compare_outputs(const captured_outputs& actual, const captured_outputs& expected)
{
  if (!expected.problem.empty())
  {
    return failed("no output of base to compare with: " + expected.problem);
  }
  if (!actual.problem.empty())
  {
    return failed(actual.problem);
  }
  if (actual.declared.size() != expected.declared.size())
  {
    return failed("declares " + std::to_string(actual.declared.size()) + " outputs, base "
                  + std::to_string(expected.declared.size()));
  }
  for (std::size_t o = 0; o < actual.declared.size(); ++o)
  {
    const auto& a = actual.data[o];
    const auto& e = expected.data[o];
    if (a.size() != e.size() || actual.declared[o].kind != expected.declared[o].kind)
    {
      return failed("output " + std::to_string(o) + " has " + std::to_string(a.size()) + " bytes, base's "
                    + std::to_string(e.size()));
    }
    element_differences bad;
    std::size_t compared = a.size();
    switch (expected.declared[o].kind)
    {
      case output_kind::float32:
        bad      = output_differences<float>(a, e, float32_rtol);
        compared = a.size() / sizeof(float);
        break;
      case output_kind::float64:
        bad      = output_differences<double>(a, e, float64_rtol);
        compared = a.size() / sizeof(double);
        break;
      default: bad = byte_differences(a, e); break;
    }
    if (bad.any())
    {
      const char* unit = expected.declared[o].kind == output_kind::exact ? "byte" : "element";
      return failed("output " + std::to_string(o) + " differs from base's at " + unit + " " + std::to_string(bad.first)
                    + " (" + std::to_string(bad.count) + " of " + std::to_string(compared) + " " + unit + "s differ)");
    }
  }
  return passed();
}

/// A file name for a state's key (entry|ct|rt): FNV-1a, so that any axis value is a safe name.
inline std::string reference_file_name(const std::string& key)
{
  std::uint64_t h = 1469598103934665603ull;
  for (const unsigned char ch : key)
  {
    h = (h ^ ch) * 1099511628211ull;
  }
  char name[32];
  std::snprintf(name, sizeof name, "%016llx.ref", static_cast<unsigned long long>(h));
  return name;
}

inline bool read_file(const std::string& path, std::string& text)
{
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr)
  {
    return false;
  }
  char chunk[65536];
  for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, f)) > 0;)
  {
    text.append(chunk, n);
  }
  const bool ok = std::ferror(f) == 0;
  std::fclose(f);
  return ok;
}

/// Writes beside the target and renames, so that a reader never sees half a reference.
inline bool write_file_atomically(const std::string& path, const std::string& text)
{
  const std::string partial = path + ".partial";
  std::FILE* f              = std::fopen(partial.c_str(), "wb");
  if (f == nullptr)
  {
    return false;
  }
  const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  const bool closed  = std::fclose(f) == 0;
  return written && closed && std::rename(partial.c_str(), path.c_str()) == 0;
}

/// Base saves its outputs (and reports the state unverified: it is the reference); a variant
/// compares with base's. `checked` is false where nothing was verified.
inline verification check_with_reference(const std::string& key,
                                         const std::vector<declared_output>& outputs,
                                         const std::vector<buffer_record>& live,
                                         copy_to_host_fn copy,
                                         const char* directory,
                                         bool is_base,
                                         bool& checked)
{
  checked = false;
  if (directory == nullptr || *directory == '\0')
  {
    return passed(); // run by hand, outside a search: nothing to compare with
  }
  const std::string path         = std::string(directory) + "/" + reference_file_name(key);
  const captured_outputs current = capture_outputs(outputs, live, copy);
  if (is_base)
  {
    if (!write_file_atomically(path, encode_outputs(current)))
    {
      throw std::runtime_error("cannot write base's reference output " + path);
    }
    return passed();
  }
  checked = true;
  std::string text;
  captured_outputs expected;
  if (!read_file(path, text))
  {
    return failed("no reference output of base for this state (" + path + "): base has not run it here");
  }
  if (!decode_outputs(text, expected))
  {
    return failed("base's reference output " + path + " is damaged");
  }
  return compare_outputs(current, expected);
}
} // namespace detail
} // namespace policytune::bench
