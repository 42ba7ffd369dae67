#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/measurement.hpp"
#include "protocol/harness_protocol.hpp"
#include "run/build_queue.hpp"
#include "run/run_log.hpp"
#include "run/run_options.hpp"
#include "space/search_space.hpp"

namespace policytune {

// A variant made runnable: its binary (shared by a batch's variants) and the arguments that
// select it there; or why it could not be built.
struct VariantBuild {
  std::string variant;
  std::string binary;
  std::vector<std::string> selection;  // {"--variant", name} in a batched binary
  Status status = Status::ok;
  std::string reason;
  bool pooled = false;  // a compile pool's binary (run/compile_pool.hpp): run where it lies, never removed
};

// Compiles the variants of one benchmark source, `jobs` at a time, several variants to a binary
// where the source allows (run/batch_source.hpp); a batch that fails is split until its failing
// variants are isolated, and a source whose batches fail although each variant compiles alone is
// built one variant per binary from then on. A BenchmarkSession owns one.
class VariantBuilder {
public:
  using Seconds = std::chrono::duration<double>;

  // `source_path`, `source_text` and `space` must outlive the builder; its binaries go under
  // `directory` (the session's, keyed by the source's hash).
  VariantBuilder(const RunOptions& options, RunLog& log, const std::string& source_path, const std::string& source_text,
                 const SearchSpace& space, std::string name, std::filesystem::path directory, unsigned jobs);

  // One VariantBuild per variant, in order. Each variant may take the build time limit
  // (--build-timeout, else --build-timeout-factor times base's build, at least 10 s); a batch of
  // n variants n-1 base builds more.
  std::vector<VariantBuild> build(const std::vector<std::pair<std::string, Variant>>& variants,
                                  const CompileTimeWorkload& workload, Seconds base_build_time);

  // How many variants a search builds per round: a full batch for every core.
  std::size_t round_size() const;

private:
  struct WorkloadBuild;  // one call of build(): its variants, folder, time limits and results
  struct GroupCompile;   // how one group of its variants is compiled

  std::vector<std::string> local_header_texts() const;
  Seconds build_timeout(Seconds base_build_time) const;
  std::size_t batch_size_for(std::size_t variants) const;
  GroupCompile group_compile(const std::vector<std::size_t>& group, const WorkloadBuild& job);
  BuildQueue::Outcome compile_group(const std::vector<std::size_t>& group, WorkloadBuild& job);
  void note_split_batches(const std::vector<std::vector<std::size_t>>& split_groups,
                          const std::vector<VariantBuild>& builds);

  const RunOptions& options_;
  RunLog& log_;
  const std::string& source_;
  const std::string& source_text_;
  const SearchSpace& space_;
  std::string name_;
  std::filesystem::path directory_;
  unsigned jobs_;
  bool batchable_ = true;
  bool batching_broken_ = false;  // a batch failed whose variants all compile alone
  // The first batch that failed since the last note_split_batches(), and why: its compiler's first
  // error, or that it was killed or timed out (which says nothing against batching).
  struct BatchFailure {
    std::size_t variants = 0;
    bool killed = false;
    std::string reason;
  };
  std::optional<BatchFailure> batch_failure_;
  std::mutex batch_failure_mutex_;
  std::atomic<std::size_t> next_batch_id_{0};
};

}  // namespace policytune
