#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace policytune {

struct MergeSummary {
  std::size_t added = 0;         // rows the destination did not have
  std::size_t replaced = 0;      // rows the destination had older versions of
  std::size_t unchanged = 0;     // rows the destination already had, as new or newer
  std::size_t base_answers = 0;  // base's stored answers (base_answer_cache.hpp) new or newer than the destination's
};

// Merges results databases (from shards of one search, or several machines) into `destination`,
// created when missing. Rows are keyed as the database keys them (benchmark, device, toolkit,
// library, source, workloads, variant, entry); where two have the same key the more recently
// recorded one stays, and of two recorded at the same time the one met first (the destination's,
// then the earlier input's). Merging the same input again changes nothing. Every input is read in full
// before anything is written; the destination is written in one transaction.
MergeSummary merge_databases(const std::string& destination, const std::vector<std::string>& inputs);

}  // namespace policytune
