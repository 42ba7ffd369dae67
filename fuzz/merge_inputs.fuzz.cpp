// merge with a damaged input: it either merges rows that pass validation, or refuses with a
// UserError and leaves the destination as it was. Never does a good stored row give way to one
// that fails validation.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <string>

#include "core/measurement_validation.hpp"
#include "core/user_error.hpp"
#include "damaged_database.hpp"
#include "store/database_merge.hpp"
#include "store/measurement_key.hpp"
#include "store/results_database.hpp"

namespace {

std::vector<policytune::Measurement> rows_of(const std::string& path) {
  return policytune::ResultsDatabase(path, policytune::ResultsDatabase::Mode::read_only).measurements();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace policytune;
  const std::string stem = "/tmp/policytune-fuzz-merge-" + std::to_string(::getpid());
  const std::string input = stem + "-input.db";
  const std::string destination = stem + "-destination.db";
  fuzz::write_database(input, data, size);
  std::remove(destination.c_str());
  std::remove((destination + "-wal").c_str());
  std::remove((destination + "-shm").c_str());
  {
    ResultsDatabase database(destination, ResultsDatabase::Mode::create_if_missing);
    database.record(std::vector<Measurement>{fuzz::good_row("base", "Elements{io}[pow2]=16", 2e-6),
                                             fuzz::good_row("ipt_2", "Elements{io}[pow2]=16", 1.9e-6)});
  }
  const auto before = rows_of(destination);
  try {
    merge_databases(destination, {input});
  } catch (const UserError&) {
    // Refused: the destination holds exactly what it held.
    const auto after = rows_of(destination);
    if (after.size() != before.size()) std::abort();
    for (std::size_t i = 0; i < after.size(); ++i) {
      if (measurement_key(after[i]) != measurement_key(before[i]) || after[i].recorded_at != before[i].recorded_at ||
          after[i].statistics.median != before[i].statistics.median) {
        std::abort();
      }
    }
    return 0;
  }
  // Merged: every row passes the rule, dates judged against this clock, and nothing was lost.
  const auto after = rows_of(destination);
  if (after.size() < before.size()) std::abort();
  for (const auto& row : after) {
    if (measurement_fault(row, std::time(nullptr))) std::abort();
  }
  return 0;
}
