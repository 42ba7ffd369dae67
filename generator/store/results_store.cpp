#include "store/results_store.hpp"

#include <ctime>

#include "core/measurement_validation.hpp"
#include "core/user_error.hpp"

namespace policytune {

void require_storable(const Measurement& measurement, const std::string& store) {
  if (const auto fault = measurement_fault(measurement, std::time(nullptr))) {
    throw UserError(store, 0, "refusing to store " + describe_row(measurement) + ": " + *fault);
  }
}

bool in_scope(const Measurement& measurement, const MeasurementScope& scope) {
  return measurement.benchmark == scope.benchmark && measurement.device == scope.device &&
         measurement.toolkit == scope.toolkit && measurement.library == scope.library &&
         measurement.source_hash == scope.source_hash && measurement.ct_workload == scope.ct_workload;
}

}  // namespace policytune
