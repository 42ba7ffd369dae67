#include "run/benchmark_session.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <unistd.h>

#include "core/benchmark_name.hpp"
#include "core/comment_text.hpp"
#include "core/environment_error.hpp"
#include "core/file_kind.hpp"
#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "run/base_build_key.hpp"
#include "run/base_narrowing.hpp"
#include "run/build_cache.hpp"
#include "run/cached_compile.hpp"
#include "run/child_processes.hpp"
#include "run/device_probe.hpp"
#include "run/harness_rows.hpp"
#include "run/harness_state_validation.hpp"
#include "run/machine_fault.hpp"
#include "run/process.hpp"
#include "run/scratch_file.hpp"
#include "run/tool_output.hpp"

namespace policytune {
namespace {

namespace fs = std::filesystem;

// The seconds a file of write_build_file() holds; nullopt when it is missing or damaged (or no
// regular file: read_text_file never waits on a FIFO put there).
std::optional<std::chrono::duration<double>> recorded_seconds(const fs::path& path) {
  std::istringstream in;
  try {
    in.str(read_text_file(path.string()));
  } catch (const UserError&) {
    return std::nullopt;
  }
  double seconds = 0;
  if (!(in >> seconds) || !std::isfinite(seconds) || seconds < 0) return std::nullopt;
  return std::chrono::duration<double>(seconds);
}

using Seconds = BenchmarkSession::Seconds;

constexpr Seconds kMinimumRunTimeout{10.0};
// --build-timeout and --run-timeout are the variants' limits. Base, which every variant needs,
// gets at least this much, so that a loaded machine slowing base down does not end the search.
constexpr Seconds kBaseTimeoutFloor{600.0};
constexpr Seconds kListTimeout{120.0};

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
                                         fmt::format("{}", options.sampling.max_noise_percent), "--max-time",
                                         fmt::format("{}", options.sampling.max_time)});
  return run_options;
}

}  // namespace

BenchmarkSession::BenchmarkSession(const RunOptions& options, RunLog& progress, BenchmarkSource source)
    : options_(options),
      progress_(progress),
      source_(std::move(source.path)),
      source_text_(std::move(source.text)),
      jobs_(options.jobs != 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency())),
      space_(std::move(source.space)),
      constraints_(std::move(source.constraints)),
      name_(benchmark_name_from_path(source_)),
      algorithm_(algorithm_of(name_)),
      source_hash_(content_hash(source_text_)),
      directory_((fs::path(options_.build_directory) / name_ / source_hash_).string()),
      builder_(options_, progress_, source_, source_text_, space_, name_, directory_, jobs_) {
  // The launcher's daemon (sccache's server) keeps serving the project's compiles after us.
  if (!options.compiler.launcher.empty()) spare_descendants_of_launcher(options.compiler.launcher);
  // A build cache that cannot be made or written is said before anything is built (its constructor
  // checks the folder).
  if (!options.compiler.build_cache.empty()) {
    const BuildCache checked(options.compiler.build_cache, options.compiler.build_cache_size);
  }
}

Seconds BenchmarkSession::base_run_timeout() const {
  return options_.run_timeout ? std::max(Seconds(*options_.run_timeout), kBaseTimeoutFloor) : Seconds(0);
}

Seconds BenchmarkSession::variant_run_timeout(Seconds base_run_time) const {
  if (options_.run_timeout) return Seconds(*options_.run_timeout);
  return std::max(kMinimumRunTimeout, base_run_time * options_.run_timeout_factor);
}

void BenchmarkSession::use_base(const Defines& narrowing) {
  base_defines_ = {{"TUNE_BASE", "1"}};
  base_defines_.insert(base_defines_.end(), narrowing.begin(), narrowing.end());
  // A narrowed base is a binary of its own: the whole one may be built and cached beside it.
  std::string narrowed;
  for (const auto& [macro, value] : narrowing) narrowed += macro + "=" + value + "\n";
  base_binary_ = (fs::path(directory_) / (narrowing.empty() ? "base" : "base." + content_hash(narrowed))).string();
  answer_key_.reset();
  if (answers_ != nullptr) {
    const auto build = base_build_key(options_.compiler, source_, base_defines_);
    const auto fingerprint = device_fingerprint(is_cuda_source(source_));
    if (build && fingerprint) answer_key_ = BaseAnswerKey{name_, source_hash_, *build, *fingerprint};
  }
}

void BenchmarkSession::serve_from_pool(const PooledBenchmark& pooled, const fs::path& pool_folder) {
  pooled_ = &pooled;
  pool_folder_ = pool_folder;
}

void BenchmarkSession::prepare(BaseAnswerCache* answers) {
  answers_ = answers;
  recalled_.reset();
  if (pooled_ != nullptr) {
    // The pool's base, built where the pool was: asked here (the device is this machine's), never
    // recalled, never built. Its outputs, which variants are compared with, go to this build folder.
    answers_ = nullptr;
    base_binary_ = (pool_folder_ / pooled_->base).string();
    base_build_time_ = Seconds(pooled_->base_build_seconds);
    create_folders(directory_);
    adopt(ask_base());
    return;
  }
  Defines narrowing = options_.whole_base ? Defines{} : base_narrowing(options_.filters);
  if (!narrowing.empty()) {
    use_base({});  // a whole base built already serves every workload: nothing to build
    if (cached_base_build_time()) narrowing.clear();
  }
  use_base(narrowing);
  if (recall_answer()) return;  // base is built when something must be measured
  build_base_unless_cached();
  BaseAnswer answer = ask_base();
  if (!narrowing.empty() && !narrowing_held(narrowing, parse_harness_listing(answer.listing))) {
    // The benchmark did not narrow to what the filters name: base is built whole.
    progress_.message(fmt::format("{}: base narrowed to the filters lists other workloads: building it whole", name_));
    use_base({});
    if (recall_answer()) return;
    build_base_unless_cached();
    answer = ask_base();
  }
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

BenchmarkSession::RecalledAnswer BenchmarkSession::confirm_recalled_answer() {
  if (!recalled_) return RecalledAnswer::held;
  const BaseAnswer remembered = std::move(*recalled_);
  recalled_.reset();
  build_base_unless_cached();
  const BaseAnswer answer = ask_base();
  if (answer == remembered) return RecalledAnswer::held;
  if (device_.available) answers_->remember(*answer_key_, answer);
  return RecalledAnswer::changed;
}

void BenchmarkSession::require_confirmed_answer() const {
  // A caller's mistake, not the user's: base would run under an answer nobody checked.
  if (recalled_) throw std::logic_error(name_ + ": base used before confirm_recalled_answer()");
}

void BenchmarkSession::build_base_unless_cached() {
  // Made when something is built (a search that finds everything stored writes nothing here).
  // What searches of this benchmark killed earlier left behind goes: batch sources, partial binaries.
  remove_stale_scratch(fs::path(options_.build_directory) / name_);
  create_folders(directory_);
  // A base built by the same command from this very source (the directory is keyed by its hash)
  // is reused: a resumed or repeated search starts at once.
  if (const auto cached = cached_base_build_time()) {
    base_build_time_ = *cached;
  } else {
    build_base(base_command());
  }
}

std::string BenchmarkSession::base_command() const {
  // It names the final binary, so that it reads the same whichever process built it.
  std::string joined;
  for (const auto& argument : compile_command(options_.compiler, source_, base_binary_, base_defines_)) {
    joined += argument + '\n';
  }
  return joined;
}

std::optional<BenchmarkSession::Seconds> BenchmarkSession::cached_base_build_time() const {
  const fs::path directory(directory_);
  const std::string stem = fs::path(base_binary_).filename().string();  // "base", or a narrowed base's
  const fs::path recorded_command = directory / (stem + ".command");
  std::error_code error;
  if (!fs::exists(base_binary_, error) || !fs::exists(recorded_command, error) ||
      read_text_file(recorded_command.string()) != base_command()) {
    return std::nullopt;
  }
  return recorded_seconds(directory / (stem + ".seconds"));  // nullopt if damaged: build again
}

void BenchmarkSession::build_base(const std::string& joined_command) {
  const fs::path directory(directory_);
  progress_.message(fmt::format("{}: building base", name_));
  // Built under a name of its own and renamed into place: another search of this benchmark may
  // be running `base` this moment ("Text file busy") or building it too.
  const std::string stem = fs::path(base_binary_).filename().string();
  const fs::path scratch = directory / scratch_name(stem);
  const Seconds base_timeout =
      options_.build_timeout ? std::max(Seconds(*options_.build_timeout), kBaseTimeoutFloor) : Seconds(0);
  const CompileOutcome outcome =
      cached_compile(options_.compiler, {source_, scratch.string(), base_defines_}, base_timeout);
  const ProcessResult& result = outcome.result;
  if (outcome.from_cache) progress_.add_cached_build();
  std::error_code error;
  if (!result.succeeded()) fs::remove(scratch, error);
  if (result.interrupted) throw Interrupted();
  if (auto fault = machine_fault_of_compile(result, directory)) {
    throw EnvironmentError(directory_, "building base: " + *fault);  // the machine's fault, not the source's
  }
  if (!result.succeeded()) {
    throw UserError(source_, 0, "base does not build (" + result.describe() + "): " + first_error_of(result.err));
  }
  base_build_time_ = outcome.build_time;  // as measured, when the build cache served it
  progress_.add_build_time(result.elapsed.count());
  const fs::path seconds_scratch = directory / scratch_name(stem + ".seconds");
  const fs::path command_scratch = directory / scratch_name(stem + ".command");
  write_build_file(seconds_scratch, fmt::format("{}", base_build_time_.count()));
  write_build_file(command_scratch, joined_command);
  // The binary first and its command last: a command on disk always describes the binary there.
  publish(scratch, base_binary_);
  publish(seconds_scratch, directory / (stem + ".seconds"));
  publish(command_scratch, directory / (stem + ".command"));
}

BaseAnswer BenchmarkSession::ask_base() const {
  const auto listing = run_process({base_binary_, "--list"}, kListTimeout);
  if (listing.interrupted) throw Interrupted();
  if (!listing.succeeded()) {
    throw UserError(source_, 0, "base --list failed (" + listing.describe() + "): " + tail_of(listing.err));
  }
  try {
    (void)parse_harness_listing(listing.out);
  } catch (const MalformedHarnessOutput& malformed) {
    throw UserError(source_, 0, std::string("base --list: ") + malformed.what());
  }
  const auto probe = run_process({base_binary_, "--device"}, kListTimeout);
  if (probe.interrupted) throw Interrupted();
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
  require_parameters_apart_from_type_axes();
  // Before anything is measured: a filter naming an axis or value the benchmark lacks is a typo.
  check_filters_match(options_.filters, entries_, source_);
  // What every run is given besides its compile-time workload: the runtime-axis filters and sampling.
  run_options_ = run_options_for(options_, entries_);
}

void BenchmarkSession::require_parameters_apart_from_type_axes() const {
  // The driver defines TUNE_<axis> to build one type of a type axis (T{ct}: TUNE_T): a %RANGE%
  // parameter of that name would be that type, not the values its variants are stored under.
  for (const auto& entry : entries_) {
    for (const auto& axis : entry.axes) {
      if (!axis.compile_time()) continue;
      for (const auto& parameter : space_.parameters()) {
        if (parameter.macro == axis.tune_macro()) {
          throw UserError(source_, parameter.line,
                          "%RANGE% macro '" + parameter.macro + "' is the one the driver defines for the type axis " +
                              axis.name + ": name the parameter otherwise");
        }
      }
    }
  }
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

BenchmarkSession::Measured BenchmarkSession::measure(const Build& build, const CompileTimeWorkload& workload,
                                                     Seconds timeout, const std::vector<std::string>& environment) {
  const std::string& variant = build.variant;
  std::vector<std::string> argv{build.binary};
  argv.insert(argv.end(), build.selection.begin(), build.selection.end());
  for (const auto& [axis, value] : workload.axis_values) argv.insert(argv.end(), {"--axis", axis + "=" + value});
  argv.insert(argv.end(), run_options_.begin(), run_options_.end());

  Measurement blank = template_row(workload.name);
  blank.variant = variant;
  const auto environment_of_run = with_reference_directory(environment);
  std::optional<ProcessResult> ran;
  try {
    ran = run_process(argv, timeout, std::nullopt, environment_of_run);
  } catch (const EnvironmentError&) {
    std::error_code error;
    if (fs::exists(build.binary, error) || error) throw;  // the machine failed otherwise (no pipes, no processes)
    // Its binary vanished (a batch's variant that removed it, a build folder cleaned meanwhile):
    // a fault of this run, no verdict on the variant. No row: the variant stays unmeasured and a
    // rerun measures it. Without base nothing can be compared: the search ends (exit 74).
    if (variant == "base") throw EnvironmentError(build.binary, "base's binary vanished: run the same command again");
    progress_.message(fmt::format("{}: {}: not measured: its binary {} vanished", name_, variant, build.binary));
    return {};
  }
  const ProcessResult& result = *ran;
  progress_.add_run_time(result.elapsed.count());
  if (result.interrupted) throw Interrupted();
  if (auto failed = failed_run_row(result, timeout, blank)) return {{std::move(*failed)}, result.elapsed};
  HarnessRun run;
  try {
    run = parse_harness_run(result.out);
  } catch (const MalformedHarnessOutput& error) {
    blank.status = Status::run_failed;
    blank.reason = one_line_text(error.what());  // it may quote what the binary printed
    return {{std::move(blank)}, result.elapsed};
  }
  // Every state is checked against what this run was asked for: nothing the binary invents is
  // stored as a measurement.
  auto rows =
      rows_of_run(run, RunRequest{entries_, workload.name, options_.filters}, blank, options_.sampling.min_samples);
  if (variant == "base") {
    std::ofstream(base_outputs_marker(workload)).flush();  // its outputs are in references/ now
  }
  return {std::move(rows), result.elapsed};
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

BenchmarkSession::Build BenchmarkSession::base_build() {
  require_confirmed_answer();
  return Build{"base", base_binary_, {}, Status::ok, ""};
}

std::vector<BenchmarkSession::Build> BenchmarkSession::build(
    const std::vector<std::pair<std::string, Variant>>& variants, const CompileTimeWorkload& workload) {
  require_confirmed_answer();  // base's build time sets the variants' time limit
  if (pooled_ != nullptr) return pooled_builds(variants, workload);
  return builder_.build(variants, workload, base_build_time_);
}

bool BenchmarkSession::can_build(const std::string& variant, const CompileTimeWorkload& workload) const {
  if (pooled_ == nullptr) return true;
  const PooledWorkload* pooled = pooled_->workload(workload.name);
  return pooled != nullptr && pooled->holds(variant);
}

std::vector<BenchmarkSession::Build> BenchmarkSession::pooled_builds(
    const std::vector<std::pair<std::string, Variant>>& variants, const CompileTimeWorkload& workload) const {
  const PooledWorkload* pooled = pooled_->workload(workload.name);
  std::vector<Build> builds;
  for (const auto& [name, variant] : variants) {
    Build build{name, "", {}, Status::ok, "", true};
    if (pooled == nullptr) {
      // A caller's mistake: can_build() says which variants a pool holds.
      throw std::logic_error(name + " of " + workload.name + ": the pool holds nothing of this workload");
    }
    if (const PooledBinary* binary = pooled->binary_of(name)) {
      build.binary = (pool_folder_ / binary->file).string();
      if (binary->batched) build.selection = {"--variant", name};
    } else if (const PooledFailure* failure = pooled->failure_of(name)) {
      build.status = failure->status;
      build.reason = failure->reason;
    } else {
      throw std::logic_error(name + " of " + workload.name + " is not in the pool");
    }
    builds.push_back(std::move(build));
  }
  return builds;
}

}  // namespace policytune
