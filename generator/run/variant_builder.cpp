#include "run/variant_builder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <mutex>

#include "core/environment_error.hpp"
#include "core/file_kind.hpp"
#include "core/text_input.hpp"
#include "run/batch_source.hpp"
#include "run/cached_compile.hpp"
#include "run/compiler.hpp"
#include "run/hardware_limit_refusal.hpp"
#include "run/interrupted.hpp"
#include "run/library_refusal.hpp"
#include "run/machine_fault.hpp"
#include "run/process.hpp"
#include "run/scratch_file.hpp"
#include "run/tool_output.hpp"

namespace policytune {
namespace {

namespace fs = std::filesystem;
using Seconds = VariantBuilder::Seconds;

constexpr Seconds kMinimumBuildTimeout{10.0};
// The most variants an automatic batch holds. For reduce/sum.cu on sm_90 a variant alone takes
// 9.4 s to compile, 8 in one binary 12.7 s and 32 in one binary 25.6 s: the parsing every
// variant shared is already a small part at 32.
constexpr std::size_t kMaxAutoBatch = 32;

std::string file_safe(const std::string& text) {
  std::string safe = text.empty() ? "all" : text;
  for (char& c : safe) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.') c = '_';
  }
  return safe;
}

// The macros that make `variant` of `space`, with their values spelled for the compiler.
std::vector<std::pair<std::string, std::string>> defines_of(const SearchSpace& space, const Variant& variant) {
  std::vector<std::pair<std::string, std::string>> defines;
  for (const auto& [macro, value] : space.defines_of(variant)) defines.emplace_back(macro, std::to_string(value));
  return defines;
}

}  // namespace

struct VariantBuilder::WorkloadBuild {
  const std::vector<std::pair<std::string, Variant>>& variants;
  const CompileTimeWorkload& workload;
  fs::path directory;
  Seconds timeout;
  Seconds base_build_time;
  std::vector<VariantBuild>& builds;  // one per variant, in order
};

// The compile, the binary it writes and, for a batch, its generated translation unit.
struct VariantBuilder::GroupCompile {
  CompilerOptions compiler;
  CompileJob job;
  fs::path binary;
  fs::path wrapper;  // a batch's generated translation unit
};

VariantBuilder::VariantBuilder(const RunOptions& options, RunLog& log, const std::string& source_path,
                               const std::string& source_text, const SearchSpace& space, std::string name,
                               fs::path directory, unsigned jobs)
    : options_(options),
      log_(log),
      source_(source_path),
      source_text_(source_text),
      space_(space),
      name_(std::move(name)),
      directory_(std::move(directory)),
      jobs_(jobs) {
  std::vector<std::string> macros;
  for (const auto& parameter : space_.parameters()) macros.push_back(parameter.macro);
  batchable_ = batchable(source_text_, macros, local_header_texts());
}

// The texts of the source's quoted includes that exist beside it (CUB's "base.cuh").
std::vector<std::string> VariantBuilder::local_header_texts() const {
  std::vector<std::string> texts;
  const fs::path folder = fs::absolute(source_).parent_path();
  for (const auto& name : quoted_includes(source_text_)) {
    std::error_code error;
    if (fs::is_regular_file(folder / name, error)) texts.push_back(read_text_file((folder / name).string()));
  }
  return texts;
}

Seconds VariantBuilder::build_timeout(Seconds base_build_time) const {
  if (options_.build_timeout) return Seconds(*options_.build_timeout);
  return std::max(kMinimumBuildTimeout, base_build_time * options_.build_timeout_factor);
}

std::size_t VariantBuilder::batch_size_for(std::size_t variants) const {
  if (!batchable_ || batching_broken_) return 1;
  if (options_.batch_size != 0) return options_.batch_size;
  // Enough batches to keep every core busy, and at most kMaxAutoBatch variants in one: past
  // that the shared parsing is already a small part of a batch's compile time.
  const std::size_t per_job = (variants + jobs_ - 1) / jobs_;
  return std::clamp<std::size_t>(per_job, 1, kMaxAutoBatch);
}

std::size_t VariantBuilder::round_size() const {
  if (!batchable_ || batching_broken_) return 2 * std::size_t{jobs_};
  return jobs_ * (options_.batch_size != 0 ? options_.batch_size : kMaxAutoBatch);
}

std::vector<VariantBuild> VariantBuilder::build(const std::vector<std::pair<std::string, Variant>>& variants,
                                                const CompileTimeWorkload& workload, Seconds base_build_time) {
  const fs::path directory = directory_ / file_safe(workload.name);
  create_folders(directory.string());
  std::vector<VariantBuild> builds(variants.size());
  for (std::size_t i = 0; i < variants.size(); ++i) builds[i].variant = variants[i].first;
  WorkloadBuild job{variants, workload, directory, build_timeout(base_build_time), base_build_time, builds};

  BuildQueue queue(variants.size(), batch_size_for(variants.size()));
  const auto started = std::chrono::steady_clock::now();
  queue.run(std::min<std::size_t>(jobs_, variants.size()),
            [&](const BuildQueue::Group& group) { return compile_group(group, job); });
  log_.add_build_time(Seconds(std::chrono::steady_clock::now() - started).count());
  check_interrupt();
  note_split_batches(queue.split_groups(), builds);
  return builds;
}

// A batch that failed although each of its variants compiles alone means batching itself breaks
// this source (say, a specialization the per-variant namespace cannot hold): from now on it is
// built one variant per binary.
void VariantBuilder::note_split_batches(const std::vector<std::vector<std::size_t>>& split_groups,
                                        const std::vector<VariantBuild>& builds) {
  for (const auto& group : split_groups) {
    const bool all_built =
        std::all_of(group.begin(), group.end(), [&](std::size_t i) { return builds[i].status == Status::ok; });
    if (!all_built || batching_broken_) continue;
    const std::lock_guard lock(batch_failure_mutex_);
    const std::string why =
        batch_failure_ ? fmt::format(" (a batch of {}: {})", batch_failure_->variants, batch_failure_->reason) : "";
    // A batch killed or out of time on a loaded machine says nothing against batching this source.
    if (batch_failure_ && batch_failure_->killed) {
      log_.message(fmt::format("{}: a batch did not finish{}; its variants were built one per binary", name_, why));
    } else {
      batching_broken_ = true;
      log_.message(
          fmt::format("{}: its variants do not compile together{}; building one variant per binary", name_, why));
    }
    batch_failure_.reset();
  }
}

VariantBuilder::GroupCompile VariantBuilder::group_compile(const std::vector<std::size_t>& group,
                                                           const WorkloadBuild& job) {
  GroupCompile compile{options_.compiler, {}, {}, {}};
  if (group.size() == 1) {
    // One variant: the source itself, as an author would build it. Under a name of this process's:
    // another search of this benchmark sharing the build folder builds, runs and removes its own.
    compile.binary = job.directory / scratch_name(job.builds[group[0]].variant);
    auto defines = defines_of(space_, job.variants[group[0]].second);
    defines.insert(defines.end(), job.workload.defines.begin(), job.workload.defines.end());
    compile.job = {source_, compile.binary.string(), std::move(defines)};
  } else {
    const std::string stem = fmt::format("batch-{}", next_batch_id_++);
    compile.binary = job.directory / scratch_name(stem);
    std::vector<BatchMember> members;
    for (const std::size_t i : group)
      members.push_back({job.builds[i].variant, defines_of(space_, job.variants[i].second)});
    compile.wrapper = job.directory / scratch_name(stem, is_cuda_source(source_) ? ".cu" : ".cpp");
    write_build_file(compile.wrapper, batch_source(source_, source_text_, members));
    compile.compiler.include_directories.push_back(fs::absolute(source_).parent_path().string());
    compile.job = {compile.wrapper.string(), compile.binary.string(), job.workload.defines, true};
  }
  return compile;
}

BuildQueue::Outcome VariantBuilder::compile_group(const std::vector<std::size_t>& group, WorkloadBuild& job) {
  const GroupCompile compile = group_compile(group, job);
  const Seconds group_timeout = job.timeout + job.base_build_time * static_cast<double>(group.size() - 1);
  const CompileOutcome outcome = cached_compile(compile.compiler, compile.job, group_timeout);
  const ProcessResult& result = outcome.result;
  if (outcome.from_cache) log_.add_cached_build();
  if (!compile.wrapper.empty()) {
    std::error_code ignored;
    fs::remove(compile.wrapper, ignored);
  }
  const bool ok = result.succeeded();
  if (!ok) {
    std::error_code ignored;
    fs::remove(compile.binary, ignored);  // what a killed linker left
  }
  if (result.interrupted) return BuildQueue::Outcome::interrupted;
  // A full disk or memory that ran out is no verdict on these variants: nothing of them is stored,
  // and the search ends (exit 74), since every build after this one would fail the same way.
  if (auto fault = machine_fault_of_compile(result, job.directory)) {
    const std::string& first = job.builds[group.front()].variant;
    const std::string what = group.size() == 1 ? first : fmt::format("{} and {} more", first, group.size() - 1);
    throw EnvironmentError(job.directory.string(), fmt::format("building {}: {}", what, *fault));
  }
  // The queue gives each group to one thread: no other thread touches these builds meanwhile.
  if (ok) {
    for (const std::size_t i : group) {
      job.builds[i].binary = compile.binary.string();
      if (group.size() > 1) job.builds[i].selection = {"--variant", job.builds[i].variant};
    }
  } else if (group.size() == 1) {
    VariantBuild& build = job.builds[group[0]];
    if (result.timed_out) {
      build.status = Status::build_timeout;
      build.reason = fmt::format("compiled longer than {:.1f} s", group_timeout.count());
    } else if (auto refusal = hardware_limit_refusal(result.err + result.out)) {
      build.status = Status::skipped;  // the device rules it out; the variant is not broken
      build.reason = std::move(*refusal);
    } else if (auto refused = library_refusal(result.err + result.out, source_, default_harness_directory())) {
      build.status = Status::skipped;  // outside what the library offers; the variant is not broken
      build.reason = std::move(*refused);
    } else {
      build.status = Status::build_failed;
      build.reason = first_error_of(result.err + result.out);
    }
  } else {
    // Why the batch failed, for the line that says batching is given up (note_split_batches).
    const std::lock_guard lock(batch_failure_mutex_);
    if (!batch_failure_) {
      batch_failure_ = BatchFailure{group.size(), result.timed_out || result.signal != 0,
                                    result.timed_out ? result.describe() : first_error_of(result.err + result.out)};
    }
    return BuildQueue::Outcome::split;
  }
  return BuildQueue::Outcome::finished;
}

}  // namespace policytune
