#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/measurement.hpp"
#include "run/benchmark_session.hpp"
#include "search/confirmation.hpp"
#include "search/search_progress.hpp"

namespace policytune {

// The finalists of one workload's confirmation, built again (a search removes its binaries as it
// measures them: several finalists now share one batch) and run through the session, one at a
// time on the first lane's device. The harness runs one variant per process (`--variant NAME`),
// and base is a binary of its own, so the rounds alternate processes.
class SessionFinalists final : public FinalistRunner {
public:
  SessionFinalists(BenchmarkSession& session, SearchProgress& progress, const CompileTimeWorkload& workload,
                   std::string title, std::vector<std::string> environment)
      : session_(session),
        progress_(progress),
        workload_(workload),
        title_(std::move(title)),
        environment_(std::move(environment)) {}
  ~SessionFinalists() override;  // removes the binaries it built (a pool's stay)
  SessionFinalists(const SessionFinalists&) = delete;
  SessionFinalists& operator=(const SessionFinalists&) = delete;

  bool prepare(const std::vector<std::string>& variants, std::string& why) override;
  // Whether prepare() found base answering otherwise than remembered: the search starts again.
  bool base_answer_changed() const { return base_answer_changed_; }

  std::vector<Measurement> run(const std::string& variant) override;

private:
  BenchmarkSession& session_;
  SearchProgress& progress_;
  const CompileTimeWorkload& workload_;
  const std::string title_;
  std::vector<std::string> environment_;
  BenchmarkSession::Build base_;
  std::map<std::string, BenchmarkSession::Build> builds_;
  BenchmarkSession::Seconds base_time_{0};  // base's latest run, which the variants' time limit scales with
  bool base_answer_changed_ = false;
};

}  // namespace policytune
