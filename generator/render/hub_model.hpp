#pragma once

#include <optional>
#include <string>
#include <vector>

#include "render/hub_request.hpp"
#include "render/policy_template.hpp"
#include "select/selected_policies.hpp"
#include "space/search_space.hpp"

namespace policytune {

// One policy of a link: a workload's own (or, with ranges, one range's), with its provenance.
// Comment texts are held as written, without `// `: the renderer puts each through comment_text()
// (comment_text.hpp), the one place that keeps measured strings from breaking out of a comment.
using CommentLines = std::vector<std::string>;

struct HubEntry {
  CommentLines comment;  // what won, its score, where it was measured
  std::string key;       // the workload's key as template arguments: `float, ::std::uint32_t`
  std::string range;     // with ranges: the range's number, or `R` where one policy serves every range
  std::string policy;    // the template's body rendered for the winner
};

// Which range of a workload serves a runtime value on one link.
struct HubRangeSelector {
  std::string key;
  std::size_t count = 1;
  std::string tree;  // the decision tree's statements, unindented (comments through comment_line())
};

// The policies of one architecture (CUDA formats), or of the host (host format).
struct HubLink {
  std::string architecture;  // "90"; "host"
  std::string note;          // comment text: where its results come from
  CommentLines untuned;      // on the workloads that keep the library's policy
  std::string fallback;      // the template's body for workloads without their own policy
  std::vector<HubEntry> entries;
  std::vector<HubRangeSelector> selectors;
  // With a `class:` directive: the type classes' policies and selectors, which serve workloads
  // without entries of their own, and why other classes have none (class_links.hpp).
  CommentLines class_notes;
  std::vector<HubEntry> class_entries;
  std::vector<HubRangeSelector> class_selectors;
};

// A policy hub independent of the output: what a format renders. Built from the winners of a
// database (or, in base and test modes, from none), so the same database gives the same model.
struct HubModel {
  HubFormat format = HubFormat::chained_policy;
  CommentLines banner;                // SPDX line, provenance of the header
  std::vector<std::string> includes;  // `<cstdint>`, `"mine.hpp"`: as the template wrote them
  std::string name_space;
  std::string hub_name;
  std::vector<HubParameter> parameters;
  std::string default_hub;                              // the library's hub or selector
  std::string policy_type;                              // policy_selector: what the selector returns
  std::string argument = "::cuda::compute_capability";  // policy_selector: what it takes
  std::string key;                                      // the hub's own key, `AccumT, OffsetT`
  std::string class_key;                                // with `class:`: the hub's class key; else empty
  std::string dispatch_axis;                            // with ranges: `Elements{io}` (comment text)
  std::string dispatch_parameter;                       // with ranges: `elements`
  std::string test_note;                                // test mode: the variant every workload gets (comment text)
  std::string fallback;                                 // host: the struct every workload without its own policy gets
  CommentLines fallback_comment;                        // host without parameters: the provenance of its tuned policy
  std::optional<HubRangeSelector> primary_selector;     // host without parameters: the selector
  std::vector<HubLink> links;                           // lowest architecture first
  std::vector<std::string> unserved;                    // requested architectures without a link of their own
};

// The name of the runtime value a dispatch selects on (`elements` for Elements{io}).
std::string request_parameter(const HubRequest& request);

// Builds the model of the hub `request` asks for. Throws UserError (the template's file) where the
// results' workloads do not fit the template's key.
HubModel build_hub_model(const PolicyTemplate& policy_template, const SearchSpace& space,
                         const std::vector<ArchitecturePolicies>& architectures, const HubRequest& request);

}  // namespace policytune
