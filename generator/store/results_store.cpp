#include "store/results_store.hpp"

namespace policytune {

bool in_scope(const Measurement& measurement, const MeasurementScope& scope) {
  return measurement.benchmark == scope.benchmark && measurement.device == scope.device &&
         measurement.toolkit == scope.toolkit && measurement.library == scope.library &&
         measurement.source_hash == scope.source_hash && measurement.ct_workload == scope.ct_workload;
}

}  // namespace policytune
