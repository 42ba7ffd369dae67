#include "search.hpp"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <fmt/format.h>
#include <map>
#include <regex>
#include <set>
#include <thread>

#include "benchmark_name.hpp"
#include "harness_protocol.hpp"
#include "process.hpp"
#include "results_database.hpp"
#include "score.hpp"
#include "search_space.hpp"
#include "search_strategy.hpp"
#include "text_input.hpp"
#include "user_error.hpp"

namespace policytune {
namespace {

namespace fs = std::filesystem;
using Seconds = std::chrono::duration<double>;

constexpr Seconds kMinimumBuildTimeout{10.0};
constexpr Seconds kMinimumRunTimeout{10.0};
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

void check_interrupt() {
  if (interrupt_requested()) throw SearchInterrupted();
}

// One benchmark source being searched.
class BenchmarkSearch {
public:
  BenchmarkSearch(const SearchOptions& options, SearchProgress& progress, ResultsDatabase& database,
                  std::string source)
      : options_(options),
        progress_(progress),
        database_(database),
        source_(std::move(source)),
        jobs_(options.jobs != 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency())) {
    const std::string text = read_text_file(source_);
    space_ = parse_search_space(text, source_);
    name_ = benchmark_name_from_path(source_);
    algorithm_ = algorithm_of(name_);
    source_hash_ = content_hash(text);
    directory_ = fs::path(options_.build_directory) / name_ / source_hash_;
  }

  const std::string& name() const { return name_; }

  void run() {
    std::string ranges;
    for (const auto& p : space_.parameters()) {
      ranges += fmt::format("{} {} {}:{}:{}\n", p.macro, p.label, p.start, p.end, p.step);
    }
    database_.record(SearchSpaceRecord{name_, source_hash_, algorithm_, space_.size().to_string(), ranges});
    build_base();
    const auto entries = list_entries();
    if (!probe_device()) return;
    for (const auto& workload : compile_time_workloads(entries)) {
      const bool selected = std::all_of(workload.axis_values.begin(), workload.axis_values.end(), [&](const auto& av) {
        return filters_allow(options_.filters, av.first, av.second);
      });
      if (selected) search_workload(workload, entries);
    }
  }

private:
  struct Build {
    std::string variant;
    std::string binary;
    Status status = Status::ok;
    std::string reason;
  };

  Seconds build_timeout() const {
    if (options_.build_timeout) return Seconds(*options_.build_timeout);
    return std::max(kMinimumBuildTimeout, base_build_time_ * options_.build_timeout_factor);
  }

  void build_base() {
    fs::create_directories(directory_);
    base_binary_ = (directory_ / "base").string();
    const auto command = compile_command(options_.compiler, source_, base_binary_, {{"TUNE_BASE", "1"}});
    // A base built by the same command from this very source (the directory is keyed by its hash)
    // is reused: a resumed or repeated search starts at once.
    std::string joined;
    for (const auto& argument : command) joined += argument + '\n';
    const fs::path recorded_command = directory_ / "base.command";
    std::error_code error;
    if (fs::exists(base_binary_, error) && fs::exists(recorded_command, error) &&
        read_text_file(recorded_command.string()) == joined) {
      base_build_time_ = Seconds(std::stod(read_text_file((directory_ / "base.seconds").string())));
      return;
    }
    progress_.message(fmt::format("{}: building base", name_));
    const auto result = run_process(command, Seconds(options_.build_timeout.value_or(0)));
    if (result.interrupted) throw SearchInterrupted();
    if (!result.succeeded()) {
      throw UserError(source_, 0, "base does not build (" + result.describe() + "): " + first_error_of(result.err));
    }
    base_build_time_ = result.elapsed;
    progress_.add_build_time(result.elapsed.count());
    std::ofstream(directory_ / "base.seconds") << base_build_time_.count();
    std::ofstream(recorded_command) << joined;
  }

  std::vector<HarnessEntry> list_entries() {
    const auto result = run_process({base_binary_, "--list"}, kListTimeout);
    if (result.interrupted) throw SearchInterrupted();
    if (!result.succeeded()) {
      throw UserError(source_, 0, "base --list failed (" + result.describe() + "): " + tail_of(result.err));
    }
    try {
      return parse_harness_listing(result.out);
    } catch (const MalformedHarnessOutput& error) {
      throw UserError(source_, 0, std::string("base --list: ") + error.what());
    }
  }

  // False (after recording the benchmark as skipped) when there is no device to run on.
  bool probe_device() {
    const auto result = run_process({base_binary_, "--device"}, kListTimeout);
    if (result.interrupted) throw SearchInterrupted();
    HarnessDevice device;
    try {
      device = parse_harness_device(result.out);
    } catch (const MalformedHarnessOutput& error) {
      throw UserError(source_, 0, "base --device failed (" + result.describe() + "): " + error.what());
    }
    if (!device.available) {
      Measurement skipped = template_row("");
      skipped.device.name = "none";
      skipped.variant = "base";
      skipped.status = Status::skipped;
      skipped.reason = device.reason;
      database_.record(skipped);
      progress_.message(fmt::format("{}: skipped: {}", name_, device.reason));
      return false;
    }
    device_ = device;
    return true;
  }

  Measurement template_row(const std::string& ct_workload) const {
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

  std::vector<std::string> run_arguments(const std::string& binary, const CompileTimeWorkload& workload,
                                         const std::vector<HarnessEntry>& entries) const {
    std::vector<std::string> argv{binary};
    for (const auto& [axis, value] : workload.axis_values) argv.insert(argv.end(), {"--axis", axis + "=" + value});
    std::set<std::string> ct_axes;
    for (const auto& entry : entries) {
      for (const auto& axis : entry.axes) {
        if (axis.compile_time()) ct_axes.insert(axis.name);
      }
    }
    for (const auto& filter : options_.filters) {
      if (ct_axes.count(filter.axis) == 0) argv.insert(argv.end(), {"--axis", filter.spec()});
    }
    argv.insert(argv.end(), {"--min-samples", std::to_string(options_.sampling.min_samples), "--max-noise",
                             fmt::format("{}", options_.sampling.max_noise), "--max-time",
                             fmt::format("{}", options_.sampling.max_time)});
    return argv;
  }

  // Runs one binary on one compile-time workload; failures become rows, never exceptions.
  std::vector<Measurement> measure(const std::string& variant, const std::vector<std::string>& argv,
                                   const std::string& ct_workload, Seconds timeout, Seconds* elapsed = nullptr) {
    Measurement failure = template_row(ct_workload);
    failure.variant = variant;
    const auto result = run_process(argv, timeout);
    progress_.add_run_time(result.elapsed.count());
    if (elapsed != nullptr) *elapsed = result.elapsed;
    if (result.interrupted) throw SearchInterrupted();
    if (result.timed_out) {
      failure.status = Status::run_timeout;
      failure.reason = fmt::format("ran longer than {:.1f} s", timeout.count());
      return {failure};
    }
    if (result.exit_code == kHarnessNoDeviceExit) {
      failure.status = Status::skipped;
      failure.reason = "no CUDA device";
      return {failure};
    }
    if (!result.succeeded()) {
      failure.status = Status::run_failed;
      failure.reason = result.describe();
      const std::string err = tail_of(result.err, 1);
      if (!err.empty()) failure.reason += ": " + err;
      return {failure};
    }
    HarnessRun run;
    try {
      run = parse_harness_run(result.out);
    } catch (const MalformedHarnessOutput& error) {
      failure.status = Status::run_failed;
      failure.reason = error.what();
      return {failure};
    }
    std::vector<Measurement> rows;
    for (const auto& state : run.states) {
      if (state.ct_workload != ct_workload) continue;
      Measurement m = template_row(ct_workload);
      m.variant = variant;
      m.entry = state.entry;
      m.rt_workload = state.rt_workload;
      m.status = state.status;
      m.reason = state.reason;
      m.statistics = state.statistics;
      m.bytes_per_second = state.bytes_per_second;
      if (m.status == Status::ok && !state.verified && variant != "base") {
        m.status = Status::wrong_result;
        m.reason = "not verified: the benchmark declares no check (state.verify_with)";
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

  std::optional<double> score_of(const std::vector<Measurement>& base_rows, const std::vector<Measurement>& rows,
                                 const std::string& variant) const {
    std::vector<const Measurement*> pointers;
    for (const auto& row : base_rows) pointers.push_back(&row);
    for (const auto& row : rows) pointers.push_back(&row);
    for (const auto& score : score_workload(pointers).ranked) {
      if (score.variant == variant) return score.score;
    }
    return std::nullopt;
  }

  std::vector<Build> build_batch(const std::vector<std::pair<std::string, Variant>>& batch,
                                 const CompileTimeWorkload& workload, const fs::path& directory) {
    std::vector<Build> builds(batch.size());
    std::atomic<std::size_t> next{0};
    const Seconds timeout = build_timeout();
    const auto work = [&] {
      for (std::size_t i = next++; i < batch.size(); i = next++) {
        if (interrupt_requested()) return;
        Build& build = builds[i];
        build.variant = batch[i].first;
        build.binary = (directory / build.variant).string();
        std::vector<std::pair<std::string, std::string>> defines;
        for (const auto& [macro, value] : space_.defines_of(batch[i].second)) defines.emplace_back(macro, std::to_string(value));
        defines.insert(defines.end(), workload.defines.begin(), workload.defines.end());
        const auto result = run_process(compile_command(options_.compiler, source_, build.binary, defines), timeout);
        if (result.interrupted) return;
        if (result.timed_out) {
          build.status = Status::build_timeout;
          build.reason = fmt::format("compiled longer than {:.1f} s", timeout.count());
        } else if (!result.succeeded()) {
          build.status = Status::build_failed;
          build.reason = first_error_of(result.err + result.out);
        }
      }
    };
    const auto started = std::chrono::steady_clock::now();
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < std::min<std::size_t>(jobs_, batch.size()); ++t) threads.emplace_back(work);
    work();
    for (auto& thread : threads) thread.join();
    progress_.add_build_time(Seconds(std::chrono::steady_clock::now() - started).count());
    check_interrupt();
    return builds;
  }

  void search_workload(const CompileTimeWorkload& workload, const std::vector<HarnessEntry>& entries) {
    const MeasurementScope scope{name_, device_.device, device_.toolkit, device_.library, source_hash_, workload.name};
    const std::string title = name_ + (workload.name.empty() ? "" : "[" + workload.name + "]");
    // What earlier runs stored, by variant: those variants count as evaluated and are not measured.
    std::map<std::string, std::vector<Measurement>> stored;
    if (!options_.force) {
      for (auto& row : database_.measurements(scope)) stored[row.variant].push_back(std::move(row));
    }
    std::vector<Measurement> base_rows = stored["base"];
    Seconds base_run_time{0};
    if (base_rows.empty()) {
      progress_.message(fmt::format("{}: measuring base", title));
      base_rows = measure("base", run_arguments(base_binary_, workload, entries), workload.name,
                          Seconds(options_.run_timeout.value_or(0)), &base_run_time);
      database_.record(base_rows);
    } else {
      for (const auto& row : base_rows) base_run_time += Seconds(row.statistics.mean * static_cast<double>(row.statistics.count));
    }
    const auto base_ok = std::find_if(base_rows.begin(), base_rows.end(), [](const Measurement& m) { return m.status == Status::ok; });
    if (base_ok == base_rows.end()) {
      throw UserError(source_, 0, fmt::format("base of {} has no successful measurement: {}: {}", title,
                                              to_string(base_rows.front().status), base_rows.front().reason));
    }
    const Seconds run_timeout = options_.run_timeout ? Seconds(*options_.run_timeout)
                                                     : std::max(kMinimumRunTimeout, base_run_time * options_.run_timeout_factor);

    auto strategy = make_strategy(options_.strategy, space_, options_.budget, options_.seed);
    const BigCount planned_count = options_.budget ? std::min(space_.size(), BigCount(*options_.budget)) : space_.size();
    progress_.begin_workload(title, planned_count.fits_u64() ? planned_count.to_u64() : UINT64_MAX);
    const fs::path directory = directory_ / file_safe(workload.name);
    fs::create_directories(directory);
    const std::size_t batch_size = 2 * static_cast<std::size_t>(jobs_);

    std::optional<Measurement> first_failure;
    std::size_t succeeded = 0;
    std::size_t attempted = 0;  // variants the device did not rule out
    const auto account = [&](const std::string& variant, const std::vector<Measurement>& rows, bool reused) {
      // A state the device cannot launch is skipped, not failed; a variant skipped on every state
      // counts neither way.
      const auto bad = std::find_if(rows.begin(), rows.end(), [](const Measurement& m) {
        return m.status != Status::ok && m.status != Status::skipped;
      });
      const auto ran = std::find_if(rows.begin(), rows.end(), [](const Measurement& m) { return m.status == Status::ok; });
      Status status = Status::ok;
      std::string reason;
      if (bad != rows.end()) {
        ++attempted;
        status = bad->status;
        reason = bad->reason;
        if (!first_failure) first_failure = *bad;
      } else if (ran != rows.end()) {
        ++attempted;
        ++succeeded;
      } else if (!rows.empty()) {
        status = Status::skipped;
        reason = rows.front().reason;
      }
      progress_.variant_done(variant, status, reason, score_of(base_rows, rows, variant), reused);
    };

    bool exhausted = false;
    while (!exhausted) {
      check_interrupt();
      std::vector<std::pair<std::string, Variant>> batch;
      while (batch.size() < batch_size) {
        const auto index = strategy->next();
        if (!index) {
          exhausted = true;
          break;
        }
        Variant variant = space_.variant_at(*index);
        std::string variant_name = space_.name_of(variant);
        if (const auto found = stored.find(variant_name); found != stored.end()) {
          account(variant_name, found->second, true);
          continue;
        }
        batch.emplace_back(std::move(variant_name), std::move(variant));
      }
      if (batch.empty()) continue;
      for (const Build& build : build_batch(batch, workload, directory)) {
        std::vector<Measurement> rows;
        if (build.status != Status::ok) {
          Measurement failed = template_row(workload.name);
          failed.variant = build.variant;
          failed.status = build.status;
          failed.reason = build.reason;
          rows.push_back(failed);
        } else {
          rows = measure(build.variant, run_arguments(build.binary, workload, entries), workload.name, run_timeout);
          std::error_code ignored;
          fs::remove(build.binary, ignored);  // measured: the binary is of no further use
        }
        database_.record(rows);
        account(build.variant, rows, false);
      }
    }
    progress_.end_workload();
    if (attempted > 0 && succeeded == 0 && first_failure) {
      throw UserError(source_, 0, fmt::format("every variant of {} failed; the first: {}: {}: {}", title,
                                              first_failure->variant, to_string(first_failure->status),
                                              first_failure->reason));
    }
  }

  const SearchOptions& options_;
  SearchProgress& progress_;
  ResultsDatabase& database_;
  std::string source_;
  unsigned jobs_;  // parallel compiles
  SearchSpace space_;
  std::string name_;
  std::string algorithm_;
  std::string source_hash_;
  fs::path directory_;
  std::string base_binary_;
  Seconds base_build_time_{0};
  HarnessDevice device_;
};

}  // namespace

void run_search(const SearchOptions& options, SearchProgress& progress) {
  std::regex pattern;
  try {
    pattern = std::regex(options.benchmark_regex);
  } catch (const std::regex_error& error) {
    throw UserError("-R '" + options.benchmark_regex + "' is not a valid regex: " + error.what());
  }
  // Parse every source before building anything: a bad %RANGE% line fails fast.
  std::vector<std::string> selected;
  for (const auto& source : options.sources) {
    const std::string name = benchmark_name_from_path(source);
    parse_search_space(read_text_file(source), source);
    if (std::regex_search(name, pattern)) selected.push_back(source);
  }
  if (selected.empty()) throw UserError("no benchmark matches -R '" + options.benchmark_regex + "'");
  ResultsDatabase database(options.database, ResultsDatabase::Mode::create_if_missing);
  for (const auto& source : selected) {
    BenchmarkSearch search(options, progress, database, source);
    search.run();
  }
}

}  // namespace policytune
