#include "search/session_finalists.hpp"

#include <filesystem>
#include <fmt/format.h>

namespace policytune {
namespace {

// Counts the building and running in its scope as the confirmation's, not the search's.
class ConfirmationScope {
public:
  explicit ConfirmationScope(SearchProgress& progress) : progress_(progress) { progress_.begin_confirmation(); }
  ~ConfirmationScope() { progress_.end_confirmation(); }
  ConfirmationScope(const ConfirmationScope&) = delete;
  ConfirmationScope& operator=(const ConfirmationScope&) = delete;

private:
  SearchProgress& progress_;
};

}  // namespace

SessionFinalists::~SessionFinalists() {
  std::error_code ignored;
  for (const auto& [variant, build] : builds_) {
    if (!build.pooled) std::filesystem::remove(build.binary, ignored);
  }
}

bool SessionFinalists::prepare(const std::vector<std::string>& variants, std::string& why) {
  const ConfirmationScope confirming(progress_);
  if (session_.confirm_recalled_answer() == BenchmarkSession::RecalledAnswer::changed) {
    base_answer_changed_ = true;  // the search starts again; nothing is confirmed under the old answer
    why = "base answered otherwise than remembered";
    return false;
  }
  progress_.message(
      fmt::format("{}: confirmation: measuring base and {} again, interleaved", title_, fmt::join(variants, ", ")));
  std::vector<std::pair<std::string, Variant>> to_build;
  for (const auto& name : variants) {
    auto variant = session_.space().parse_name(name);
    if (!variant) {
      why = name + " is no variant of this search space";
      return false;
    }
    if (!session_.can_build(name, workload_)) {  // measured earlier, but this pool lacks it
      why = name + " is not in the pool, and nothing is compiled here";
      return false;
    }
    to_build.emplace_back(name, std::move(*variant));
  }
  for (auto& build : session_.build(to_build, workload_)) {
    if (build.status != Status::ok) {
      why = fmt::format("{} did not build again: {}: {}", build.variant, to_string(build.status), build.reason);
      return false;
    }
    builds_.emplace(build.variant, std::move(build));
  }
  base_ = session_.base_build();
  return true;
}

std::vector<Measurement> SessionFinalists::run(const std::string& variant) {
  const ConfirmationScope confirming(progress_);
  if (variant == "base") {
    auto measured = session_.measure(base_, workload_, session_.base_run_timeout(), environment_);
    base_time_ = measured.elapsed;
    return std::move(measured.rows);
  }
  return session_.measure(builds_.at(variant), workload_, session_.variant_run_timeout(base_time_), environment_).rows;
}

}  // namespace policytune
