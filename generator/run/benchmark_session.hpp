#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/measurement.hpp"
#include "protocol/harness_protocol.hpp"
#include "run/build_queue.hpp"
#include "run/interrupted.hpp"
#include "run/run_log.hpp"
#include "run/run_options.hpp"
#include "space/benchmark_source.hpp"
#include "space/constraint.hpp"
#include "space/search_space.hpp"
#include "store/base_answer_cache.hpp"

namespace policytune {

// One benchmark source made ready to measure: its base built (and reused across runs), its
// entries listed, its device probed; variants built in parallel; binaries run through the harness
// protocol with failures turned into rows. `policytune search` and `policytune check` both
// measure through it, so that a check measures exactly as the search did.
class BenchmarkSession {
public:
  using Seconds = std::chrono::duration<double>;

  // A variant made runnable: its binary (shared by a batch's variants) and the arguments that
  // select it there; or why it could not be built.
  struct Build {
    std::string variant;
    std::string binary;
    std::vector<std::string> selection;  // {"--variant", name} in a batched binary
    Status status = Status::ok;
    std::string reason;
  };

  // Takes the source as read and parsed once (space/benchmark_source.hpp); builds nothing yet.
  BenchmarkSession(const RunOptions& options, RunLog& progress, BenchmarkSource source);

  const std::string& source() const { return source_; }
  const std::string& name() const { return name_; }            // "reduce.sum"
  const std::string& algorithm() const { return algorithm_; }  // "reduce"
  const std::string& source_hash() const { return source_hash_; }
  const SearchSpace& space() const { return space_; }
  const std::vector<Constraint>& constraints() const { return constraints_; }

  // Builds base (TUNE_BASE=1) unless this very source built by this very command is cached, lists
  // its entries and asks it for the device. Throws UserError when base does not build or list.
  // With `answers`, what base answered earlier for this source, command, compiler and device
  // stands in for asking it, and base is built only when something needs it (base_build(),
  // build()); what base answers when asked is remembered there.
  void prepare(BaseAnswerCache* answers = nullptr);
  const std::vector<HarnessEntry>& entries() const { return entries_; }
  const HarnessDevice& device() const { return device_; }  // `available` false: nothing can run
  // Base, built now if prepare() took its answer from the cache. Throws BaseAnswerChanged when the
  // base built then answers otherwise than the cache said.
  Build base_build();

  // The compile-time workloads the axis filters select.
  std::vector<CompileTimeWorkload> selected_workloads() const;

  // A row of this benchmark on this device, to be filled in.
  Measurement template_row(const std::string& ct_workload) const;

  // Builds the named variants of one workload, `jobs` compiles at a time, several variants to a
  // binary where the source allows (see batch_source.hpp); a batch that fails is split until its
  // failing variants are isolated. One Build per variant, in order.
  std::vector<Build> build(const std::vector<std::pair<std::string, Variant>>& variants, const CompileTimeWorkload& workload);

  // Runs a built variant on one compile-time workload with the sampling settings and runtime-axis
  // filters; `environment` ("NAME=value") is added to the run's (a lane's CUDA_VISIBLE_DEVICES).
  // A failure becomes a row, never an exception; SearchInterrupted on Ctrl-C.
  std::vector<Measurement> measure(const Build& build, const CompileTimeWorkload& workload, Seconds timeout,
                                   Seconds* elapsed = nullptr, const std::vector<std::string>& environment = {});

  // Whether base has run `workload` in this build folder, leaving the outputs that the variants of
  // a benchmark without a check of its own are compared with. False in a fresh folder whose base
  // rows came from the database: base must run once (unrecorded) before a variant is measured.
  bool base_outputs_present(const CompileTimeWorkload& workload) const;

  // Run time limits: base's is the explicit one or none; a variant's scales with base's run time.
  Seconds base_run_timeout() const;
  Seconds variant_run_timeout(Seconds base_run_time) const;

  unsigned jobs() const { return jobs_; }
  // How many variants a search builds per round: a full batch for every core.
  std::size_t round_size() const;

private:
  struct WorkloadBuild;  // one call of build(): its variants, folder, time limit and results
  struct GroupCompile;   // how one group of its variants is compiled

  // prepare()'s steps: base built (or reused), its entries listed, the device probed; or all three
  // taken from what base answered earlier.
  bool recall_answer();
  void ensure_base_built();
  void build_base_unless_cached();
  void build_base(const std::string& joined_command);
  BaseAnswer ask_base() const;
  void adopt(const BaseAnswer& answer);
  // The rows of a run that ended well: one per state, each checked; or one failure row.
  std::vector<Measurement> rows_of_run(const HarnessRun& run, const std::string& ct_workload, Measurement failure) const;
  std::vector<std::string> with_reference_directory(std::vector<std::string> environment) const;
  std::filesystem::path base_outputs_marker(const CompileTimeWorkload& workload) const;
  std::vector<std::string> local_header_texts() const;
  // build()'s compile of one group of variants (indexes) into one binary, recorded in its builds.
  GroupCompile group_compile(const std::vector<std::size_t>& group, const WorkloadBuild& job);
  BuildQueue::Outcome compile_group(const std::vector<std::size_t>& group, WorkloadBuild& job);

  Seconds build_timeout() const;
  std::size_t batch_size_for(std::size_t variants) const;

  const RunOptions& options_;
  RunLog& progress_;
  std::string source_;
  std::string source_text_;
  unsigned jobs_;
  SearchSpace space_;
  std::vector<Constraint> constraints_;
  std::string name_;
  std::string algorithm_;
  std::string source_hash_;
  std::string directory_;
  std::string base_binary_;
  Seconds base_build_time_{0};
  std::vector<HarnessEntry> entries_;
  std::vector<std::string> run_options_;  // runtime-axis filters and sampling, the same for every run
  HarnessDevice device_;
  BaseAnswerCache* answers_ = nullptr;
  std::optional<BaseAnswerKey> answer_key_;  // where base's answer is remembered; none: not kept
  std::optional<BaseAnswer> recalled_;       // the answer taken from the cache while base is unbuilt
  bool batchable_ = true;
  bool batching_broken_ = false;  // a batch failed whose variants all compile alone
  std::atomic<std::size_t> next_batch_id_{0};
};

// Thrown when a base built after its answer was taken from the cache answers otherwise (the key
// missed a change): the search starts that benchmark again with base's own answer.
class BaseAnswerChanged : public std::runtime_error {
public:
  BaseAnswerChanged() : std::runtime_error("base answered otherwise than remembered") {}
};

// Throws SearchInterrupted when Ctrl-C or SIGTERM asked the tool to stop.
void check_interrupt();

}  // namespace policytune
