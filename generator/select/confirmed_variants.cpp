#include "select/confirmed_variants.hpp"

#include <map>

namespace policytune {

std::optional<std::set<std::string>> confirmed_variants(const std::vector<const Measurement*>& rows) {
  std::map<std::string, bool> all_confirmed;  // variant -> every row of it confirmed
  bool any = false;
  for (const Measurement* row : rows) {
    const bool confirmed = row->confirmed_rounds > 0;
    any = any || confirmed;
    const auto [slot, inserted] = all_confirmed.try_emplace(row->variant, confirmed);
    if (!inserted) slot->second = slot->second && confirmed;
  }
  if (!any) return std::nullopt;
  std::set<std::string> variants;
  for (const auto& [variant, confirmed] : all_confirmed) {
    if (confirmed) variants.insert(variant);
  }
  return variants;
}

bool may_win(const std::optional<std::set<std::string>>& confirmed, const std::string& variant) {
  return variant == "base" || !confirmed || confirmed->count(variant) != 0;
}

}  // namespace policytune
