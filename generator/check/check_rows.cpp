#include "check/check_rows.hpp"

namespace policytune {

std::map<RowKey, const Measurement*> by_runtime_workload(const std::vector<Measurement>& rows) {
  std::map<RowKey, const Measurement*> indexed;
  for (const auto& row : rows) indexed[{row.entry, row.rt_workload}] = &row;
  return indexed;
}

std::map<RowKey, const Measurement*> stored_rows(const std::vector<Measurement>& stored, const std::string& device_name,
                                                 const std::string& ct_workload, const std::string& variant) {
  std::map<RowKey, const Measurement*> rows;
  for (const auto& row : stored) {
    if (row.device.name != device_name || row.ct_workload != ct_workload || row.status != Status::ok) continue;
    if (row.variant == variant) rows[{row.entry, row.rt_workload}] = &row;
  }
  return rows;
}

std::optional<double> stored_median(const std::map<RowKey, const Measurement*>& rows, const RowKey& key) {
  const auto found = rows.find(key);
  if (found == rows.end()) return std::nullopt;
  return found->second->statistics.median;
}

const Measurement* whole_run_failure(const std::vector<Measurement>& rows) {
  if (rows.size() == 1 && rows.front().rt_workload.empty() && rows.front().status != Status::ok) return &rows.front();
  return nullptr;
}

}  // namespace policytune
