#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "select/workload_group.hpp"
#include "store/results_database.hpp"

namespace policytune {

// The tables `policytune analyze` prints, one function per option, over groups of comparable rows
// (workload_group.hpp).

// `policytune analyze --top N`: the N best variants of every group, base always listed, and the
// variants a confirmation round measured again (confirmed_variants.hpp) where one did.
std::string format_top(const std::vector<WorkloadGroup>& groups, std::size_t top, const SourceStatus& sources = {});

// `policytune analyze --coverage`: distinct variants measured against the size of the space (the
// variants its constraints allow, as the search recorded it).
std::string format_coverage(const std::vector<WorkloadGroup>& groups, const std::vector<SearchSpaceRecord>& spaces,
                            const SourceStatus& sources = {});

// `policytune analyze --failures`: every variant of a group that did not build, run or verify, with
// its status and reason (and the runtime workloads it failed on, where it failed on some only).
// Variants the device cannot launch are skipped, not failed, and are only counted. Empty when no
// group has a failure.
std::string format_failures(const std::vector<WorkloadGroup>& groups, const SourceStatus& sources = {});

}  // namespace policytune
