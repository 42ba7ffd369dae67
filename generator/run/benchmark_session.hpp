#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/measurement.hpp"
#include "protocol/harness_protocol.hpp"
#include "run/base_narrowing.hpp"
#include "run/compile_pool.hpp"
#include "run/interrupted.hpp"
#include "run/run_log.hpp"
#include "run/run_options.hpp"
#include "run/variant_builder.hpp"
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

  using Build = VariantBuild;  // run/variant_builder.hpp

  // What one run of a variant gave: its rows, and how long it ran (base's run time scales the
  // variants' time limit).
  struct Measured {
    std::vector<Measurement> rows;
    Seconds elapsed{0};
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
  // its entries and asks it for the device. Where the axis filters pin compile-time axes to the
  // harness's types, base is built for those workloads only (run/base_narrowing.hpp), and whole
  // where the benchmark does not narrow that way. Throws UserError when base does not build or list.
  // With `answers`, what base answered earlier for this source, command, compiler and device
  // stands in for asking it, and base is built only when something needs it (base_build(),
  // build()); what base answers when asked is remembered there.
  void prepare(BaseAnswerCache* answers = nullptr);
  // Before prepare(): base and the variants are the binaries of `pooled` (of the pool in
  // `pool_folder`), and nothing is compiled (policytune search --pool). Base is asked, not recalled.
  void serve_from_pool(const PooledBenchmark& pooled, const std::filesystem::path& pool_folder);
  // Whether build() can make `variant` of `workload`: always, but from a pool only what it holds.
  bool can_build(const std::string& variant, const CompileTimeWorkload& workload) const;
  const std::vector<HarnessEntry>& entries() const { return entries_; }
  const HarnessDevice& device() const { return device_; }  // `available` false: nothing can run
  // Whether what prepare() took from the cache holds: base is built and asked, once, and its
  // answer compared with the cache's; a changed answer is remembered in its place (the key missed
  // a change), and the caller starts again: prepare(nullptr) and the same work. `held` when
  // prepare() asked base itself. Call it before base_build() or build().
  enum class RecalledAnswer { held, changed };
  RecalledAnswer confirm_recalled_answer();
  bool answer_recalled() const { return recalled_.has_value(); }  // confirm_recalled_answer() is due

  // Base, built. The answer prepare() recalled must have been confirmed first.
  Build base_build();
  Seconds base_build_time() const { return base_build_time_; }  // as measured where it was built

  // The compile-time workloads the axis filters select.
  std::vector<CompileTimeWorkload> selected_workloads() const;

  // A row of this benchmark on this device, to be filled in.
  Measurement template_row(const std::string& ct_workload) const;

  // Builds the named variants of one workload (VariantBuilder::build), base first where it is
  // not built yet; from a pool, its binaries and the failures it recorded (each variant must be
  // one can_build() allows). One Build per variant, in order.
  std::vector<Build> build(const std::vector<std::pair<std::string, Variant>>& variants,
                           const CompileTimeWorkload& workload);

  // Runs a built variant on one compile-time workload with the sampling settings and runtime-axis
  // filters; `environment` ("NAME=value") is added to the run's (a lane's CUDA_VISIBLE_DEVICES).
  // A failure becomes a row (run/harness_rows.hpp), never an exception; Interrupted on Ctrl-C.
  // A binary that vanished before it ran is the machine's fault, no verdict on the variant: no
  // rows (nothing to store; a rerun measures it), and EnvironmentError for base's.
  Measured measure(const Build& build, const CompileTimeWorkload& workload, Seconds timeout,
                   const std::vector<std::string>& environment = {});

  // Whether base has run `workload` in this build folder, leaving the outputs that the variants of
  // a benchmark without a check of its own are compared with. False in a fresh folder whose base
  // rows came from the database: base must run once (unrecorded) before a variant is measured.
  bool base_outputs_present(const CompileTimeWorkload& workload) const;

  // Run time limits: base's is the explicit one or none; a variant's scales with base's run time.
  Seconds base_run_timeout() const;
  Seconds variant_run_timeout(Seconds base_run_time) const;

  unsigned jobs() const { return jobs_; }
  // How many variants a search builds per round: a full batch for every core.
  std::size_t round_size() const { return builder_.round_size(); }

private:
  // Throws UserError (file:line) for a %RANGE% macro the driver defines for a type axis.
  void require_parameters_apart_from_type_axes() const;
  // prepare()'s steps: base built (or reused), its entries listed, the device probed; or all three
  // taken from what base answered earlier.
  // Base with these defines besides TUNE_BASE=1 (run/base_narrowing.hpp): its binary and answer key.
  void use_base(const Defines& narrowing);
  bool recall_answer();
  void require_confirmed_answer() const;
  void build_base_unless_cached();
  std::string base_command() const;                       // base's compile command, a line per argument
  std::optional<Seconds> cached_base_build_time() const;  // the built base's, if this very command built it
  void build_base(const std::string& joined_command);
  BaseAnswer ask_base() const;
  std::vector<Build> pooled_builds(const std::vector<std::pair<std::string, Variant>>& variants,
                                   const CompileTimeWorkload& workload) const;
  void adopt(const BaseAnswer& answer);
  std::vector<std::string> with_reference_directory(std::vector<std::string> environment) const;
  std::filesystem::path base_outputs_marker(const CompileTimeWorkload& workload) const;

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
  Defines base_defines_;  // TUNE_BASE=1 and what narrows base to the filters' workloads
  Seconds base_build_time_{0};
  std::vector<HarnessEntry> entries_;
  std::vector<std::string> run_options_;  // runtime-axis filters and sampling, the same for every run
  HarnessDevice device_;
  BaseAnswerCache* answers_ = nullptr;
  std::optional<BaseAnswerKey> answer_key_;  // where base's answer is remembered; none: not kept
  std::optional<BaseAnswer> recalled_;       // the answer taken from the cache while base is unbuilt
  VariantBuilder builder_;
  const PooledBenchmark* pooled_ = nullptr;  // serve_from_pool()'s: builds come from there
  std::filesystem::path pool_folder_;
};

}  // namespace policytune
