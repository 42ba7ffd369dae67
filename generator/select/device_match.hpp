#pragma once

#include <string>
#include <vector>

#include "core/measurement.hpp"
#include "select/select_winners.hpp"

namespace policytune {

// `generate --device NAME [--device-arch SM] [--match nearest]`: the device whose results a header
// is rendered from. Sets `options.device_architecture`: the SM number the database records for
// `options.device` (from any benchmark's results), else `given_architecture`. Throws UserError
// naming `database` where the two disagree, where the benchmark has no results from that device
// and the match is exact, or where nothing can stand in for it (no architecture known).
void match_device(const std::vector<Measurement>& measurements, const std::string& given_architecture,
                  const std::string& database, WinnerOptions& options);

}  // namespace policytune
