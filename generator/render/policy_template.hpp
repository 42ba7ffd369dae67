#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "render/cccl_releases.hpp"

namespace policytune {

// A template in templates/: how one winning variant becomes a policy. The body is mustache; the
// directives at its top (mustache comments, so they never render) tell the generator what it
// needs to build the rest of the hub. templates/README.md documents them.
// A hub's template parameter as declared: `class AccumT` is {"class", "AccumT"}, `int NumChannels`
// {"int", "NumChannels"}.
struct HubParameter {
  std::string kind;  // class, typename, or the type of a non-type parameter
  std::string name;
  bool is_type() const { return kind == "class" || kind == "typename"; }
  std::string declaration() const { return kind + " " + name; }
};

struct PolicyTemplate {
  std::string path;
  HubFormat format = HubFormat::chained_policy;
  std::size_t format_line = 0;
  CcclRange releases;  // `cccl:` directive: the releases the template is written for
  std::size_t releases_line = 0;
  std::vector<std::string> includes;  // "<cub/...>" or "\"...\""
  std::string hub_name;               // the policy hub's, selector's or host struct's name
  std::vector<HubParameter> hub_parameters;
  // The library's own choice, which untuned workloads fall back to: chained_policy its hub
  // (::cub::detail::reduce::policy_hub<AccumT, OffsetT, ReductionOpT>), policy_selector its selector.
  std::string default_hub;
  std::string policy_type;  // policy_selector: what the selector returns (::cub::ReducePolicy)
  // cuda: per compile-time axis, what of the hub that axis selects: a type parameter (AccumT), or
  // a constant expression of one (sizeof(AccumT)) where policies key on a trait.
  std::vector<std::string> key;
  std::size_t key_line = 0;
  // `class:` directive (chained_policy): per compile-time axis, the class its policies also serve:
  // the key entry itself (exact), or `sizeof(P)` of the axis' type parameter, so that a type of
  // the same size as measured ones that agreed gets their policy. Empty: exact keys only.
  std::vector<std::string> class_key;
  std::size_t class_line = 0;
  std::string header;  // `header:` directive: a skeleton of the template's own; empty: the format's
  std::map<std::string, std::int64_t> base_values;    // host: the parameter values base stands for
  std::map<std::string, std::string> type_spellings;  // extra compile-time labels: C64 -> ::cuda::std::complex<float>
  std::map<std::string, std::size_t> type_sizes;      // `type: V3 = ::mylib::vec3 (12 bytes)`: V3 -> 12
  std::string benchmark;           // `benchmark:` directive, the benchmark it was written for; empty: any
  std::size_t benchmark_line = 0;  // where that directive is
  std::string body;
  std::size_t body_line = 0;  // the line the body starts on

  // Renders the body for one policy. `values` maps labels to values; `tuned` is false for the
  // library-default fallback; `extra` adds variables such as default_policy.
  std::string render(const std::map<std::string, std::int64_t>& values, bool tuned,
                     const std::map<std::string, std::string>& extra) const;

  // The C++ type a compile-time workload label names (I32 -> ::std::int32_t), or a UserError.
  std::string spelling_of(const std::string& label) const;
  // The size in bytes of the type a label names: the standard labels' (I32: 4), or what a `type:`
  // directive states; nullopt where no one stated it.
  std::optional<std::size_t> size_of(const std::string& label) const;
  // Whether class entry `axis` is `sizeof(P)` (classes the axis by size) rather than its key entry.
  bool classes_by_size(std::size_t axis) const;
};

// Reads and validates a template. Throws UserError (file:line) on bad directives or mustache.
PolicyTemplate load_policy_template(const std::string& path);

// The variables the generator itself gives every policy besides the benchmark's labels.
inline constexpr const char* kRendererVariables[] = {"tuned", "default_policy", "arch"};

}  // namespace policytune
