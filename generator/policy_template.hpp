#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace policytune {

// A template in templates/: how one winning variant becomes a policy. The body is mustache; the
// directives at its top (mustache comments, so they never render) tell the generator what it
// needs to build the rest of the hub. templates/README.md documents them.
struct PolicyTemplate {
  enum class Kind { cuda, host };

  std::string path;
  Kind kind = Kind::cuda;
  std::vector<std::string> includes;  // "<cub/...>" or "\"...\""
  std::string hub_name;               // cuda: the policy hub's name; host: the policy struct's name
  std::vector<std::string> hub_parameters;  // "class AccumT", ...
  std::string default_hub;  // cuda: the library's own hub, e.g. ::cub::detail::reduce::policy_hub<AccumT, OffsetT, ReductionOpT>
  std::vector<std::string> key;  // cuda: per compile-time axis, the hub type that axis selects (AccumT)
  std::map<std::string, std::int64_t> base_values;  // host: the parameter values base stands for
  std::map<std::string, std::string> type_spellings;  // extra compile-time labels: C64 -> ::cuda::std::complex<float>
  std::string benchmark;             // `benchmark:` directive, the benchmark it was written for; empty: any
  std::size_t benchmark_line = 0;    // where that directive is
  std::string body;
  std::size_t body_line = 0;         // the line the body starts on

  // Renders the body for one policy. `values` maps labels to values; `tuned` is false for the
  // library-default fallback; `extra` adds variables such as default_policy.
  std::string render(const std::map<std::string, std::int64_t>& values, bool tuned,
                     const std::map<std::string, std::string>& extra) const;

  // The C++ type a compile-time workload label names (I32 -> ::std::int32_t), or a UserError.
  std::string spelling_of(const std::string& label) const;
};

// Reads and validates a template. Throws UserError (file:line) on bad directives or mustache.
PolicyTemplate load_policy_template(const std::string& path);

// The variables the generator itself gives every policy besides the benchmark's labels.
inline constexpr const char* kRendererVariables[] = {"tuned", "default_policy", "arch"};

class SearchSpace;
// Whether `policy_template` can render policies of benchmark `benchmark_name` with search space
// `space`: a `benchmark:` directive names it, and every variable the body uses is a %RANGE% label
// of the space or one of kRendererVariables. Throws UserError (the template's file and line).
void check_template_fits(const PolicyTemplate& policy_template, const SearchSpace& space,
                         const std::string& benchmark_name);

// True for a (possibly qualified) C++ name: `ns`, `ns::inner`, `::cub::detail`.
bool is_qualified_identifier(const std::string& text) noexcept;

}  // namespace policytune
