#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/measurement.hpp"

namespace policytune {

// Which variants of one compile-time workload's rows (one device, toolkit, library and source) a
// search's confirmation round (confirmation.hpp) re-measured beside base: those whose every row
// is confirmed. nullopt when no row is: a search without confirmation, or a database stored before
// confirmation rounds existed; then every variant may win, as before.
std::optional<std::set<std::string>> confirmed_variants(const std::vector<const Measurement*>& rows);

// Whether `variant` may win a workload whose confirmed variants are `confirmed`: base always; any
// variant where nothing was confirmed; else only a confirmed one. A variant the confirmation did
// not re-measure was scored against a base measured at another time, and lost to the finalists
// when both were measured then: it does not overtake them on that older comparison.
bool may_win(const std::optional<std::set<std::string>>& confirmed, const std::string& variant);

}  // namespace policytune
