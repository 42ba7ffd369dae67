#pragma once

#include <optional>
#include <string>
#include <vector>

namespace policytune {

// What PolicyTune knows of CCCL releases: how a release is written and read (from headers, from
// results), and which hub format each release's dispatch takes. Which of the templates given renders
// the hub for a release follows from it: render/release_template.hpp.

struct Measurement;

// A range of CCCL releases, as major * 100 + minor (3.5 is 305); `last` 0 means no upper end.
struct CcclRange {
  int first = 300;
  int last = 0;
  bool contains(int release) const { return release >= first && (last == 0 || release <= last); }
  std::string describe() const;
};

// Parses a release, "3.5" or "3.5.0", into major * 100 + minor; nullopt if it is not one (a
// fourth part, a leading zero, a major below 2, a minor or patch of more digits than CCCL's).
std::optional<int> parse_cccl_release(const std::string& text);

// The release of the CCCL headers in `include` (cub/version.cuh's CUB_VERSION), as
// major * 100 + minor. Throws UserError naming the file where it holds no release, or naming
// `include` (generate's --cccl-include) where that is no folder.
int release_of_headers(const std::string& include);

// The CCCL release `benchmark`'s results of this source were measured with, where they name one
// ("CCCL 3.4.3": the harness reports the release it was built against), with a note on stderr;
// nullopt where none does. Throws UserError (naming `database`) where they name several.
std::optional<int> release_measured(const std::vector<Measurement>& measurements, const std::string& benchmark,
                                    const std::string& source_hash, const std::string& database);

// How a hub is written out: the shape CCCL's dispatch of a release takes.
enum class HubFormat {
  chained_policy,   // cub::ChainedPolicy hubs for cub::Dispatch*
  policy_selector,  // a stateless selector of cuda::compute_capability for cuda::execution::tune
  host,             // a plain policy struct per workload
};
const char* format_name(HubFormat format) noexcept;
std::optional<HubFormat> parse_format(const std::string& name) noexcept;
// The releases whose dispatch takes a format: chained_policy and host every one (CCCL 3.5
// deprecates cub::ChainedPolicy but still takes it), policy_selector from 3.4 (the first whose
// selectors take cuda::compute_capability; 3.5 made the policy structs they return public).
CcclRange releases_taking(HubFormat format) noexcept;

}  // namespace policytune
