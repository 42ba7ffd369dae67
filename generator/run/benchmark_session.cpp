#include "run/benchmark_session.hpp"

#include <algorithm>
#include <optional>
#include <cstring>
#include <cmath>
#include <cerrno>
#include <atomic>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <set>
#include <thread>

#include <unistd.h>

#include "core/benchmark_name.hpp"
#include "core/environment_error.hpp"
#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "run/base_build_key.hpp"
#include "run/batch_source.hpp"
#include "run/child_processes.hpp"
#include "run/device_probe.hpp"
#include "run/hardware_limit_refusal.hpp"
#include "run/harness_state_validation.hpp"
#include "run/process.hpp"
#include "run/scratch_file.hpp"

namespace policytune {
namespace {

namespace fs = std::filesystem;

// A file of the build folder, checked: on a full disk a truncated batch source would count as
// variants that do not compile, and an empty base.seconds would break the next search.
void write_build_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.flush();
  if (!out) throw EnvironmentError(path.string(), std::string("cannot write: ") + std::strerror(errno));
}

// The seconds a file of write_build_file() holds; nullopt when it is missing or damaged.
std::optional<std::chrono::duration<double>> recorded_seconds(const fs::path& path) {
  std::ifstream in(path);
  double seconds = 0;
  if (!(in >> seconds) || !std::isfinite(seconds) || seconds < 0) return std::nullopt;
  return std::chrono::duration<double>(seconds);
}

using Seconds = BenchmarkSession::Seconds;

constexpr Seconds kMinimumBuildTimeout{10.0};
constexpr Seconds kMinimumRunTimeout{10.0};
// --build-timeout and --run-timeout are the variants' limits. Base, which every variant needs,
// gets at least this much, so that a loaded machine slowing base down does not end the search.
constexpr Seconds kBaseTimeoutFloor{600.0};
// The most variants an automatic batch holds. For reduce/sum.cu on sm_90 a variant alone takes
// 9.4 s to compile, 8 in one binary 12.7 s and 32 in one binary 25.6 s: the parsing every
// variant shared is already a small part at 32.
constexpr std::size_t kMaxAutoBatch = 32;
constexpr Seconds kListTimeout{120.0};
constexpr std::size_t kReasonLimit = 400;

// The last non-empty lines of a tool's output, short enough for a reason column.
std::string tail_of(const std::string& text, std::size_t lines = 3) {
  std::vector<std::string> kept;
  std::size_t end = text.size();
  while (end > 0 && kept.size() < lines) {
    const std::size_t start = text.rfind('\n', end - 1);
    const std::size_t from = start == std::string::npos ? 0 : start + 1;
    std::string line = text.substr(from, end - from);
    if (line.find_first_not_of(" \t\r") != std::string::npos) kept.insert(kept.begin(), line);
    if (start == std::string::npos) break;
    end = start;
  }
  std::string joined;
  for (const auto& line : kept) joined += (joined.empty() ? "" : " | ") + line;
  if (joined.size() > kReasonLimit) joined = "..." + joined.substr(joined.size() - kReasonLimit);
  return joined;
}

// The first error line of a compiler's output: what a human wants to see first.
std::string first_error_of(const std::string& text) {
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t stop = std::min(text.find('\n', start), text.size());
    const std::string line = text.substr(start, stop - start);
    if (line.find("error") != std::string::npos) return line.substr(0, kReasonLimit);
    start = stop + 1;
  }
  return tail_of(text);
}

std::string file_safe(const std::string& text) {
  std::string safe = text.empty() ? "all" : text;
  for (char& c : safe) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '.') c = '_';
  }
  return safe;
}

// What every run is given besides its compile-time workload: the filters of runtime axes (those of
// compile-time axes chose the workload) and the sampling settings.
std::vector<std::string> run_options_for(const RunOptions& options, const std::vector<HarnessEntry>& entries) {
  std::set<std::string> ct_axes;
  for (const auto& entry : entries) {
    for (const auto& axis : entry.axes) {
      if (axis.compile_time()) ct_axes.insert(axis.name);
    }
  }
  std::vector<std::string> run_options;
  for (const auto& filter : options.filters) {
    if (ct_axes.count(filter.axis) == 0) run_options.insert(run_options.end(), {"--axis", filter.spec()});
  }
  run_options.insert(run_options.end(), {"--min-samples", std::to_string(options.sampling.min_samples), "--max-noise",
                                         fmt::format("{}", options.sampling.max_noise), "--max-time",
                                         fmt::format("{}", options.sampling.max_time)});
  return run_options;
}

// A run that did not end well (`result`) as the status and reason of `failure`; false when it did.
bool mark_failed_run(const ProcessResult& result, Seconds timeout, Measurement& failure) {
  if (result.timed_out) {
    failure.status = Status::run_timeout;
    failure.reason = fmt::format("ran longer than {:.1f} s", timeout.count());
    return true;
  }
  if (result.exit_code == kHarnessNoDeviceExit) {
    failure.status = Status::skipped;
    failure.reason = "no CUDA device";
    return true;
  }
  if (!result.succeeded()) {
    failure.status = Status::run_failed;
    failure.reason = result.describe();
    const std::string err = tail_of(result.err, 1);
    if (!err.empty()) failure.reason += ": " + err;
    return true;
  }
  return false;
}

// `row` (this benchmark, device, workload and variant) filled in with what a harness state
// reported, unless the state breaks the protocol or claims a check the benchmark lacks.
Measurement row_of_state(const HarnessState& state, Measurement row, std::int64_t min_samples) {
  const auto violation = measurement_violation(state, min_samples);
  row.entry = state.entry;
  row.rt_workload = state.rt_workload;
  row.status = state.status;
  row.reason = state.reason;
  row.statistics = state.statistics;
  row.bytes_per_second = state.bytes_per_second;
  if (violation) {
    row.status = Status::run_failed;
    row.reason = "harness reported " + *violation;
    row.statistics = {};
    row.bytes_per_second.reset();
  } else if (row.status == Status::ok && !state.verified && row.variant != "base") {
    row.status = Status::wrong_result;
    row.reason = "not verified: the benchmark declares no check (state.verify_with)";
  }
  return row;
}

// The macros that make `variant` of `space`, with their values spelled for the compiler.
std::vector<std::pair<std::string, std::string>> defines_of(const SearchSpace& space, const Variant& variant) {
  std::vector<std::pair<std::string, std::string>> defines;
  for (const auto& [macro, value] : space.defines_of(variant)) defines.emplace_back(macro, std::to_string(value));
  return defines;
}

}  // namespace

struct BenchmarkSession::WorkloadBuild {
  const std::vector<std::pair<std::string, Variant>>& variants;
  const CompileTimeWorkload& workload;
  fs::path directory;
  Seconds timeout;
  std::vector<Build>& builds;  // one per variant, in order
};

// The command, the binary it writes and, for a batch, its generated translation unit.
struct BenchmarkSession::GroupCompile {
  std::vector<std::string> command;
  fs::path binary;
  fs::path wrapper;  // a batch's generated translation unit
};

void check_interrupt() {
  if (interrupt_requested()) throw SearchInterrupted();
}

BenchmarkSession::BenchmarkSession(const RunOptions& options, RunLog& progress, BenchmarkSource source)
    : options_(options),
      progress_(progress),
      source_(std::move(source.path)),
      source_text_(std::move(source.text)),
      jobs_(options.jobs != 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency())),
      space_(std::move(source.space)),
      constraints_(std::move(source.constraints)) {
  // The launcher's daemon (sccache's server) keeps serving the project's compiles after us.
  if (!options.compiler.launcher.empty()) spare_descendants_of_launcher(options.compiler.launcher);
  name_ = benchmark_name_from_path(source_);
  algorithm_ = algorithm_of(name_);
  source_hash_ = content_hash(source_text_);
  std::vector<std::string> macros;
  for (const auto& parameter : space_.parameters()) macros.push_back(parameter.macro);
  batchable_ = batchable(source_text_, macros, local_header_texts());
  directory_ = (fs::path(options_.build_directory) / name_ / source_hash_).string();
}

// The texts of the source's quoted includes that exist beside it (CUB's "base.cuh").
std::vector<std::string> BenchmarkSession::local_header_texts() const {
  std::vector<std::string> texts;
  const fs::path folder = fs::absolute(source_).parent_path();
  for (const auto& name : quoted_includes(source_text_)) {
    std::error_code error;
    if (fs::is_regular_file(folder / name, error)) texts.push_back(read_text_file((folder / name).string()));
  }
  return texts;
}

Seconds BenchmarkSession::build_timeout() const {
  if (options_.build_timeout) return Seconds(*options_.build_timeout);
  return std::max(kMinimumBuildTimeout, base_build_time_ * options_.build_timeout_factor);
}

Seconds BenchmarkSession::base_run_timeout() const {
  return options_.run_timeout ? std::max(Seconds(*options_.run_timeout), kBaseTimeoutFloor) : Seconds(0);
}

Seconds BenchmarkSession::variant_run_timeout(Seconds base_run_time) const {
  if (options_.run_timeout) return Seconds(*options_.run_timeout);
  return std::max(kMinimumRunTimeout, base_run_time * options_.run_timeout_factor);
}

void BenchmarkSession::prepare(BaseAnswerCache* answers) {
  base_binary_ = (fs::path(directory_) / "base").string();
  answers_ = answers;
  answer_key_.reset();
  recalled_.reset();
  if (answers_ != nullptr) {
    const auto build = base_build_key(options_.compiler, source_);
    const auto fingerprint = device_fingerprint(is_cuda_source(source_));
    if (build && fingerprint) answer_key_ = BaseAnswerKey{name_, source_hash_, *build, *fingerprint};
  }
  if (recall_answer()) return;  // base is built when something must be measured
  build_base_unless_cached();
  const BaseAnswer answer = ask_base();
  adopt(answer);
  // A device that cannot run now (held by another job, a driver mismatch) may run later: that
  // answer is not kept, so that the next search asks base again.
  if (answer_key_ && device_.available) answers_->remember(*answer_key_, answer);
}

bool BenchmarkSession::recall_answer() {
  if (!answer_key_) return false;
  auto answer = answers_->recall(*answer_key_);
  if (!answer) return false;
  try {
    adopt(*answer);
  } catch (const MalformedHarnessOutput&) {
    return false;  // a damaged row: base is asked again, and its answer replaces the row
  }
  if (!device_.available) return false;  // kept by an earlier policytune: ask base again
  recalled_ = std::move(answer);
  return true;
}

void BenchmarkSession::ensure_base_built() {
  if (!recalled_) return;
  const BaseAnswer remembered = std::move(*recalled_);
  recalled_.reset();
  build_base_unless_cached();
  const BaseAnswer answer = ask_base();
  if (answer == remembered) return;
  if (device_.available) answers_->remember(*answer_key_, answer);
  throw BaseAnswerChanged();
}

void BenchmarkSession::build_base_unless_cached() {
  // Made when something is built (a search that finds everything stored writes nothing here).
  // What searches of this benchmark killed earlier left behind goes: batch sources, partial binaries.
  remove_stale_scratch(fs::path(options_.build_directory) / name_);
  const fs::path directory(directory_);
  fs::create_directories(directory);
  // A base built by the same command from this very source (the directory is keyed by its hash)
  // is reused: a resumed or repeated search starts at once. The command names the final binary,
  // so that it reads the same whichever process built it.
  const auto command = compile_command(options_.compiler, source_, base_binary_, {{"TUNE_BASE", "1"}});
  std::string joined;
  for (const auto& argument : command) joined += argument + '\n';
  const fs::path recorded_command = directory / "base.command";
  std::error_code error;
  std::optional<Seconds> cached_build_time;
  if (fs::exists(base_binary_, error) && fs::exists(recorded_command, error) &&
      read_text_file(recorded_command.string()) == joined) {
    cached_build_time = recorded_seconds(directory / "base.seconds");  // nullopt if damaged: build again
  }
  if (cached_build_time) {
    base_build_time_ = *cached_build_time;
  } else {
    build_base(joined);
  }
}

void BenchmarkSession::build_base(const std::string& joined_command) {
  const fs::path directory(directory_);
  progress_.message(fmt::format("{}: building base", name_));
  // Built under a name of its own and renamed into place: another search of this benchmark may
  // be running `base` this moment ("Text file busy") or building it too.
  const fs::path scratch = directory / scratch_name("base");
  const auto scratch_command = compile_command(options_.compiler, source_, scratch.string(), {{"TUNE_BASE", "1"}});
  const Seconds base_timeout =
      options_.build_timeout ? std::max(Seconds(*options_.build_timeout), kBaseTimeoutFloor) : Seconds(0);
  const auto result = run_process(scratch_command, base_timeout);
  std::error_code error;
  if (!result.succeeded()) fs::remove(scratch, error);
  if (result.interrupted) throw SearchInterrupted();
  if (!result.succeeded()) {
    throw UserError(source_, 0, "base does not build (" + result.describe() + "): " + first_error_of(result.err));
  }
  base_build_time_ = result.elapsed;
  progress_.add_build_time(result.elapsed.count());
  const fs::path seconds_scratch = directory / scratch_name("base.seconds");
  const fs::path command_scratch = directory / scratch_name("base.command");
  write_build_file(seconds_scratch, fmt::format("{}", base_build_time_.count()));
  write_build_file(command_scratch, joined_command);
  // The binary first and its command last: a command on disk always describes the binary there.
  publish(scratch, base_binary_);
  publish(seconds_scratch, directory / "base.seconds");
  publish(command_scratch, directory / "base.command");
}

BaseAnswer BenchmarkSession::ask_base() const {
  const auto listing = run_process({base_binary_, "--list"}, kListTimeout);
  if (listing.interrupted) throw SearchInterrupted();
  if (!listing.succeeded()) {
    throw UserError(source_, 0, "base --list failed (" + listing.describe() + "): " + tail_of(listing.err));
  }
  try {
    (void)parse_harness_listing(listing.out);
  } catch (const MalformedHarnessOutput& malformed) {
    throw UserError(source_, 0, std::string("base --list: ") + malformed.what());
  }
  const auto probe = run_process({base_binary_, "--device"}, kListTimeout);
  if (probe.interrupted) throw SearchInterrupted();
  try {
    (void)parse_harness_device(probe.out);
  } catch (const MalformedHarnessOutput& malformed) {
    throw UserError(source_, 0, "base --device failed (" + probe.describe() + "): " + malformed.what());
  }
  return {listing.out, probe.out};
}

void BenchmarkSession::adopt(const BaseAnswer& answer) {
  auto entries = parse_harness_listing(answer.listing);
  device_ = parse_harness_device(answer.device);
  entries_ = std::move(entries);
  // Before anything is measured: a filter naming an axis or value the benchmark lacks is a typo.
  check_filters_match(options_.filters, entries_, source_);
  // What every run is given besides its compile-time workload: the runtime-axis filters and sampling.
  run_options_ = run_options_for(options_, entries_);
}

std::vector<CompileTimeWorkload> BenchmarkSession::selected_workloads() const {
  std::vector<CompileTimeWorkload> selected;
  for (auto& workload : compile_time_workloads(entries_)) {
    const bool allowed = std::all_of(workload.axis_values.begin(), workload.axis_values.end(), [&](const auto& av) {
      return filters_allow(options_.filters, av.first, av.second);
    });
    if (allowed) selected.push_back(std::move(workload));
  }
  return selected;
}

Measurement BenchmarkSession::template_row(const std::string& ct_workload) const {
  Measurement m;
  m.algorithm = algorithm_;
  m.benchmark = name_;
  m.device = device_.device;
  m.toolkit = device_.toolkit;
  m.library = device_.library;
  m.source_hash = source_hash_;
  m.ct_workload = ct_workload;
  return m;
}

std::vector<Measurement> BenchmarkSession::measure(const Build& build, const CompileTimeWorkload& workload, Seconds timeout,
                                                   Seconds* elapsed, const std::vector<std::string>& environment) {
  const std::string& variant = build.variant;
  std::vector<std::string> argv{build.binary};
  argv.insert(argv.end(), build.selection.begin(), build.selection.end());
  for (const auto& [axis, value] : workload.axis_values) argv.insert(argv.end(), {"--axis", axis + "=" + value});
  argv.insert(argv.end(), run_options_.begin(), run_options_.end());

  const std::string& ct_workload = workload.name;
  Measurement failure = template_row(ct_workload);
  failure.variant = variant;
  const auto result = run_process(argv, timeout, std::nullopt, with_reference_directory(environment));
  progress_.add_run_time(result.elapsed.count());
  if (elapsed != nullptr) *elapsed = result.elapsed;
  if (result.interrupted) throw SearchInterrupted();
  if (mark_failed_run(result, timeout, failure)) return {failure};
  HarnessRun run;
  try {
    run = parse_harness_run(result.out);
  } catch (const MalformedHarnessOutput& error) {
    failure.status = Status::run_failed;
    failure.reason = error.what();
    return {failure};
  }
  auto rows = rows_of_run(run, ct_workload, failure);
  if (variant == "base") {
    std::ofstream(base_outputs_marker(workload)).flush();  // its outputs are in references/ now
  }
  return rows;
}

fs::path BenchmarkSession::base_outputs_marker(const CompileTimeWorkload& workload) const {
  return fs::path(directory_) / "references" / (content_hash(workload.name) + ".base-ran");
}

bool BenchmarkSession::base_outputs_present(const CompileTimeWorkload& workload) const {
  std::error_code error;
  return fs::exists(base_outputs_marker(workload), error);
}

// Where base leaves its outputs for the variants of a benchmark that declares no check of its own
// (bench/policytune/bench/reference_output.hpp): beside the builds of this very source.
std::vector<std::string> BenchmarkSession::with_reference_directory(std::vector<std::string> environment) const {
  const fs::path references = fs::path(directory_) / "references";
  std::error_code error;
  fs::create_directories(references, error);
  if (error) throw EnvironmentError(references.string(), "cannot create: " + error.message());
  environment.push_back("POLICYTUNE_REFERENCE_DIR=" + fs::absolute(references).string());
  return environment;
}

std::vector<Measurement> BenchmarkSession::rows_of_run(const HarnessRun& run, const std::string& ct_workload,
                                                       Measurement failure) const {
  // Every state is checked against what this run was asked for; a violation is a failed run of
  // the variant, with the reason, so that nothing the binary invents is stored as a measurement.
  const RunRequest request{entries_, ct_workload, options_.filters};
  std::map<std::pair<std::string, std::string>, std::size_t> reported;  // (entry, rt_workload) -> row
  std::vector<Measurement> rows;
  for (const auto& state : run.states) {
    if (const auto unasked = request_violation(state, request)) {
      failure.status = Status::run_failed;
      failure.reason = "harness reported " + *unasked;
      return {failure};  // its key cannot be trusted, and so neither can the rest of the run
    }
    Measurement row = template_row(ct_workload);
    row.variant = failure.variant;
    Measurement m = row_of_state(state, std::move(row), options_.sampling.min_samples);
    const auto [earlier, first_time] = reported.emplace(std::pair{m.entry, m.rt_workload}, rows.size());
    if (!first_time) {
      // Two answers to one question: neither can be trusted.
      Measurement& first = rows[earlier->second];
      first.status = Status::run_failed;
      first.reason = "harness reported this state twice";
      first.statistics = {};
      first.bytes_per_second.reset();
      continue;
    }
    rows.push_back(std::move(m));
  }
  if (rows.empty()) {
    failure.status = Status::run_failed;
    failure.reason = "ran no state of this workload";
    return {failure};
  }
  return rows;
}

std::size_t BenchmarkSession::batch_size_for(std::size_t variants) const {
  if (!batchable_ || batching_broken_) return 1;
  if (options_.batch_size != 0) return options_.batch_size;
  // Enough batches to keep every core busy, and at most kMaxAutoBatch variants in one: past
  // that the shared parsing is already a small part of a batch's compile time.
  const std::size_t per_job = (variants + jobs_ - 1) / jobs_;
  return std::clamp<std::size_t>(per_job, 1, kMaxAutoBatch);
}

std::size_t BenchmarkSession::round_size() const {
  if (!batchable_ || batching_broken_) return 2 * std::size_t{jobs_};
  return jobs_ * (options_.batch_size != 0 ? options_.batch_size : kMaxAutoBatch);
}

BenchmarkSession::Build BenchmarkSession::base_build() {
  ensure_base_built();
  return Build{"base", base_binary_, {}, Status::ok, ""};
}

std::vector<BenchmarkSession::Build> BenchmarkSession::build(const std::vector<std::pair<std::string, Variant>>& variants,
                                                             const CompileTimeWorkload& workload) {
  ensure_base_built();  // its build time sets the variants' time limit
  const fs::path directory = fs::path(directory_) / file_safe(workload.name);
  fs::create_directories(directory);
  std::vector<Build> builds(variants.size());
  for (std::size_t i = 0; i < variants.size(); ++i) builds[i].variant = variants[i].first;
  WorkloadBuild job{variants, workload, directory, build_timeout(), builds};

  BuildQueue queue(variants.size(), batch_size_for(variants.size()));
  const auto started = std::chrono::steady_clock::now();
  queue.run(std::min<std::size_t>(jobs_, variants.size()),
            [&](const BuildQueue::Group& group) { return compile_group(group, job); });
  progress_.add_build_time(Seconds(std::chrono::steady_clock::now() - started).count());
  check_interrupt();

  // A batch that failed although each of its variants compiles alone means batching itself
  // breaks this source (say, a specialization the per-variant namespace cannot hold): from now
  // on build it one variant per binary.
  for (const auto& group : queue.split_groups()) {
    const bool all_built = std::all_of(group.begin(), group.end(), [&](std::size_t i) { return builds[i].status == Status::ok; });
    if (all_built && !batching_broken_) {
      batching_broken_ = true;
      progress_.message(fmt::format("{}: its variants do not compile together; building one variant per binary", name_));
    }
  }
  return builds;
}

BenchmarkSession::GroupCompile BenchmarkSession::group_compile(const std::vector<std::size_t>& group, const WorkloadBuild& job) {
  GroupCompile compile;
  if (group.size() == 1) {
    // One variant: the source itself, as an author would build it. Under a name of this process's:
    // another search of this benchmark sharing the build folder builds, runs and removes its own.
    compile.binary = job.directory / scratch_name(job.builds[group[0]].variant);
    auto defines = defines_of(space_, job.variants[group[0]].second);
    defines.insert(defines.end(), job.workload.defines.begin(), job.workload.defines.end());
    compile.command = compile_command(options_.compiler, source_, compile.binary.string(), defines);
  } else {
    const std::string stem = fmt::format("batch-{}", next_batch_id_++);
    compile.binary = job.directory / scratch_name(stem);
    std::vector<BatchMember> members;
    for (const std::size_t i : group) members.push_back({job.builds[i].variant, defines_of(space_, job.variants[i].second)});
    compile.wrapper = job.directory / scratch_name(stem, is_cuda_source(source_) ? ".cu" : ".cpp");
    write_build_file(compile.wrapper, batch_source(source_, source_text_, members));
    CompilerOptions compiler = options_.compiler;
    compiler.include_directories.push_back(fs::absolute(source_).parent_path().string());
    compile.command = compile_command(compiler, compile.wrapper.string(), compile.binary.string(), job.workload.defines);
  }
  return compile;
}

BuildQueue::Outcome BenchmarkSession::compile_group(const std::vector<std::size_t>& group, WorkloadBuild& job) {
  const GroupCompile compile = group_compile(group, job);
  const Seconds group_timeout = job.timeout + base_build_time_ * static_cast<double>(group.size() - 1);
  const auto result = run_process(compile.command, group_timeout);
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
  // The queue gives each group to one thread: no other thread touches these builds meanwhile.
  if (ok) {
    for (const std::size_t i : group) {
      job.builds[i].binary = compile.binary.string();
      if (group.size() > 1) job.builds[i].selection = {"--variant", job.builds[i].variant};
    }
  } else if (group.size() == 1) {
    Build& build = job.builds[group[0]];
    if (result.timed_out) {
      build.status = Status::build_timeout;
      build.reason = fmt::format("compiled longer than {:.1f} s", group_timeout.count());
    } else if (auto refusal = hardware_limit_refusal(result.err + result.out)) {
      build.status = Status::skipped;  // the device rules it out; the variant is not broken
      build.reason = std::move(*refusal);
    } else {
      build.status = Status::build_failed;
      build.reason = first_error_of(result.err + result.out);
    }
  } else {
    return BuildQueue::Outcome::split;
  }
  return BuildQueue::Outcome::finished;
}

}  // namespace policytune
