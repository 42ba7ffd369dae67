// The results database as analyze, generate and check read it: a damaged or foreign file is one
// UserError naming it, never a crash, an internal error, or rows read as numbers they are not.
#include <unistd.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/measurement_validation.hpp"
#include "core/user_error.hpp"
#include "damaged_database.hpp"
#include "select/workload_group.hpp"
#include "store/results_database.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace policytune;
  const std::string path = "/tmp/policytune-fuzz-reader-" + std::to_string(::getpid()) + ".db";
  fuzz::write_database(path, data, size);
  try {
    ResultsDatabase database(path, ResultsDatabase::Mode::read_only);
    const auto rows = database.measurements();
    const auto spaces = database.search_spaces();
    (void)database.source_versions();
    for (const auto& row : rows) {
      // Whatever was read passed the one rule: a row that breaks it is an error, not a value.
      if (measurement_fault(row, std::nullopt)) std::abort();
    }
    (void)group_by_workload(rows, spaces, path);
  } catch (const UserError&) {}
  return 0;
}
