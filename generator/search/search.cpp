#include "search/search.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <mutex>
#include <set>

#include "core/benchmark_name.hpp"
#include "core/environment_error.hpp"
#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "core/user_regex.hpp"
#include "protocol/declared_axes.hpp"
#include "run/benchmark_session.hpp"
#include "run/compile_pool.hpp"
#include "run/gpu_presence.hpp"
#include "run/measurement_lanes.hpp"
#include "run/pool_setup.hpp"
#include "run/scratch_file.hpp"
#include "search/confirmation.hpp"
#include "search/session_finalists.hpp"
#include "search/stored_prior.hpp"
#include "search/strategy_registry.hpp"
#include "select/score.hpp"
#include "space/listed_variants.hpp"
#include "space/search_space.hpp"
#include "space/variant_space.hpp"
#include "space/variants_except.hpp"
#include "store/in_memory_store.hpp"
#include "store/results_database.hpp"

namespace policytune {
namespace {

using Seconds = BenchmarkSession::Seconds;
namespace fs = std::filesystem;

// A compile pool being filled by `policytune pool`: what it holds in bytes, and whether the
// --max-size stopped it (and how many built variants did not fit).
struct PoolFilling {
  CompilePool pool;
  std::optional<std::uintmax_t> limit;
  std::uintmax_t bytes = 0;
  bool full = false;
  std::size_t left_out = 0;
};

// The --deadline of a whole search, shared by its benchmarks: once it has passed, no new round and
// no new workload start, and what stopped for it says so. Not before one round has measured
// something: a visit however short, or a machine however slow, always progresses.
class Deadline {
public:
  explicit Deadline(std::optional<double> minutes) {
    if (minutes)
      at_ = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                   std::chrono::duration<double, std::ratio<60>>(*minutes));
  }
  void measured_something() { measured_ = true; }
  bool passed() const { return measured_ && at_ && std::chrono::steady_clock::now() >= *at_; }
  // Called where a stop was made for it: the search then ends as SearchEnd::deadline_reached.
  void stopped_work() { stopped_work_ = true; }
  bool stopped_work_here() const { return stopped_work_; }

private:
  std::optional<std::chrono::steady_clock::time_point> at_;
  bool measured_ = false;
  bool stopped_work_ = false;
};

// A compile-only search measures nothing: a strategy that learns from results is refused, naming
// those that can run ("exhaustive, random, prior_order or prior_round_robin").
void require_runs_without_results(const std::string& strategy) {
  if (!registered_strategy(strategy).learns_from_results) return;
  std::vector<std::string> names;
  for (const auto& registered : registered_strategies()) {
    if (!registered.learns_from_results) names.push_back(registered.name);
  }
  std::string listed = names.empty() ? "" : names.back();
  if (names.size() > 1) listed = fmt::format("{} or {}", fmt::join(names.begin(), names.end() - 1, ", "), names.back());
  throw UserError("--compile-only measures nothing to guide --strategy " + strategy + ": use " + listed);
}

// A variant's score against base's rows; nullopt when it has none.
std::optional<double> score_of(const std::vector<Measurement>& base_rows, const std::vector<Measurement>& rows,
                               const std::string& variant, const DeclaredAxes& declared) {
  std::vector<const Measurement*> pointers;
  for (const auto& row : base_rows) pointers.push_back(&row);
  for (const auto& row : rows) pointers.push_back(&row);
  for (const auto& score : score_workload(pointers, declared).ranked) {
    if (score.variant == variant) return score.score;
  }
  return std::nullopt;
}

// The books of one workload's search: each variant's rows stored as it is measured, its progress
// reported, and how many variants ran and failed.
class VariantBook {
public:
  VariantBook(ResultsStore& database, SearchProgress& progress, const std::vector<Measurement>& base_rows,
              DeclaredAxes declared)
      : database_(database), progress_(progress), base_rows_(base_rows), declared_(std::move(declared)) {}

  // Books one variant's rows and tells the strategy how it did: base's time over the variant's
  // (1 / score), or a failure. Lanes call it concurrently.
  std::optional<double> book(const std::string& variant, const std::vector<Measurement>& rows, VariantOrigin origin) {
    const std::lock_guard lock(booking_);
    // No rows: the machine failed the run (its binary vanished, BenchmarkSession::measure said so).
    // Nothing is stored or counted; the variant stays unmeasured, and a rerun measures it.
    if (rows.empty()) return std::nullopt;
    if (origin == VariantOrigin::measured_now) {
      database_.record(rows);
      ++measured_now_;
    }
    // A state the device cannot launch is skipped, not failed; a variant skipped on every state
    // counts neither way.
    const auto bad = std::find_if(rows.begin(), rows.end(), [](const Measurement& m) {
      return m.status != Status::ok && m.status != Status::skipped;
    });
    const auto ran =
        std::find_if(rows.begin(), rows.end(), [](const Measurement& m) { return m.status == Status::ok; });
    Status status = Status::ok;
    std::string reason;
    if (bad != rows.end()) {
      ++attempted_;
      status = bad->status;
      reason = bad->reason;
      if (!first_failure_) first_failure_ = *bad;
    } else if (ran != rows.end()) {
      ++attempted_;
      ++succeeded_;
    } else if (!rows.empty()) {
      status = Status::skipped;
      reason = rows.front().reason;
    }
    const auto score = status == Status::ok ? score_of(base_rows_, rows, variant, declared_) : std::nullopt;
    progress_.variant_done(variant, status, reason, score, origin);
    return score && *score > 0 ? std::optional<double>(1.0 / *score) : std::nullopt;
  }

  // How many variants this search measured (not found stored).
  std::size_t measured_now() const {
    const std::lock_guard lock(booking_);
    return measured_now_;
  }

  // Throws when every variant the device did not rule out failed.
  void check_some_succeeded(const std::string& source, const std::string& title) const {
    if (attempted_ > 0 && succeeded_ == 0 && first_failure_) {
      throw UserError(source, 0,
                      fmt::format("every variant of {} failed; the first: {}: {}: {}", title, first_failure_->variant,
                                  to_string(first_failure_->status), first_failure_->reason));
    }
  }

private:
  ResultsStore& database_;
  SearchProgress& progress_;
  const std::vector<Measurement>& base_rows_;
  const DeclaredAxes declared_;  // base's runtime axes, which the scores weigh by
  mutable std::mutex booking_;
  std::optional<Measurement> first_failure_;
  std::size_t succeeded_ = 0;
  std::size_t attempted_ = 0;  // variants the device did not rule out
  std::size_t measured_now_ = 0;
};

// Whether a workload's strategy is told what its points cost: a --compile-only search measures
// nothing, so only the strategies that need no results can run it; a compile pool takes a
// strategy that learns as well, for its first proposals (what it tries before it has learnt).
enum class Feedback { measured, none, first_proposals };

// A workload's strategy, and the name `auto` resolved to.
struct StartedStrategy {
  std::unique_ptr<SearchStrategy> strategy;
  std::string name;
};

// One benchmark source being searched.
class BenchmarkSearch {
public:
  // With `answers`, what base answered earlier stands in for building it (BenchmarkSession::prepare).
  // A search of a compile pool measures `pooled`'s binaries; one that fills a pool adds to `filled`.
  struct Pool {
    const PooledBenchmark* pooled = nullptr;
    fs::path folder;  // the measured pool's
    PoolFilling* filled = nullptr;
  };
  BenchmarkSearch(const SearchOptions& options, SearchProgress& progress, ResultsStore& database,
                  BaseAnswerCache* answers, BenchmarkSource source, Pool pool, Deadline& deadline)
      : options_(options),
        progress_(progress),
        database_(database),
        answers_(answers),
        session_(options, progress, std::move(source)),
        pool_(std::move(pool)),
        deadline_(deadline) {
    if (pool_.pooled != nullptr) session_.serve_from_pool(*pool_.pooled, pool_.folder);
  }

  void run() {
    if (skipped_without_gpu()) return;
    session_.prepare(answers_);
    if (search_all() == Outcome::searched) return;
    // What was stored under the old answer's key stays; the search goes on with base's answer.
    progress_.message(
        fmt::format("{}: base answered otherwise than remembered; searching with its answer", session_.name()));
    session_.prepare(nullptr);  // asks base itself: its answer cannot change again
    search_all();
  }

private:
  // How a search of the benchmark (or of one workload) ended: done, or stopped where base, built
  // for the first time, answered otherwise than the cache had remembered.
  enum class Outcome { searched, base_answer_changed };

  // Before base is run or a variant built: whether base's recalled answer still holds.
  bool base_answer_holds() { return session_.confirm_recalled_answer() == BenchmarkSession::RecalledAnswer::held; }

  Outcome search_all() {
    const SearchSpace& space = session_.space();
    // The size coverage is measured against: what the constraints allow on this device, where the
    // space is small enough to count; else every combination of the %RANGE% values.
    const VariantSpace whole(space, session_.constraints(), session_.device().limits);
    const auto allowed = whole.count_allowed();
    database_.record(SearchSpaceRecord{session_.name(), session_.source_hash(), session_.algorithm(),
                                       allowed ? std::to_string(*allowed) : space.size().to_string(),
                                       range_lines(space),
                                       format_declared_axes(declared_runtime_axes(session_.entries()))});
    if (options_.compile_only) {
      if (pool_.filled != nullptr) keep_base_in_pool();
      for (const auto& workload : session_.selected_workloads()) compile_workload(workload);
      return Outcome::searched;
    }
    if (!session_.device().available) {
      record_not_searched(session_.device().reason);
      progress_.message(fmt::format("{}: skipped: {}", session_.name(), session_.device().reason));
      return Outcome::searched;
    }
    (void)lanes();  // a --lanes the device cannot take is refused before anything is measured or stored
    for (const auto& workload : session_.selected_workloads()) {
      if (deadline_.passed()) {
        progress_.message(fmt::format("{}: not searched: the --deadline has passed", title_of(workload)));
        deadline_.stopped_work();
        continue;
      }
      if (search_workload(workload) == Outcome::base_answer_changed) return Outcome::base_answer_changed;
    }
    return Outcome::searched;
  }

  Outcome search_workload(const CompileTimeWorkload& workload) {
    const HarnessDevice& device = session_.device();
    const MeasurementScope scope{session_.name(), device.device,          device.toolkit,
                                 device.library,  session_.source_hash(), workload.name};
    const std::string title = title_of(workload);
    const PooledWorkload* pooled = pool_.pooled != nullptr ? pool_.pooled->workload(workload.name) : nullptr;
    if (pool_.pooled != nullptr && pooled == nullptr) {
      progress_.message(fmt::format("{}: not searched: the pool holds no variant of this workload", title));
      return Outcome::searched;
    }
    // What earlier runs stored, by variant: those variants count as evaluated and are not measured.
    std::map<std::string, std::vector<Measurement>> stored;
    if (!options_.force) {
      for (auto& row : database_.measurements(scope)) stored[row.variant].push_back(std::move(row));
    }
    if (stored["base"].empty() && !base_answer_holds()) return Outcome::base_answer_changed;
    const BenchmarkSession::Measured base = base_rows_of(workload, title, stored["base"]);
    if (without_parameters(title)) return Outcome::searched;
    const Seconds run_timeout = session_.variant_run_timeout(base.elapsed);

    const VariantSpace variants = variant_space();
    // From a pool, the strategy proposes what the pool holds, and nothing else.
    std::optional<ListedVariants> listed;
    if (pooled != nullptr) listed.emplace(variants, pooled_variants(*pooled));
    const StrategySpace& points_space = listed ? static_cast<const StrategySpace&>(*listed) : variants;
    const SearchPrior prior = prior_of(workload, points_space);
    const BigCount allowed = listed ? BigCount(listed->members()->size()) : allowed_in_run(variants);
    const StartedStrategy started_strategy = start_strategy(points_space, allowed, title, Feedback::measured, prior);
    SearchStrategy& strategy = *started_strategy.strategy;
    const std::size_t round = search_round_size(full_round(), session_.jobs(), options_.budget,
                                                registered_strategy(started_strategy.name).learns_from_results);

    VariantBook book(database_, progress_, base.rows, declared_runtime_axes(session_.entries()));
    const auto started = std::chrono::steady_clock::now();
    bool stopped_by_deadline = false;
    while (true) {
      check_interrupt();
      if (options_.time_limit && Seconds(std::chrono::steady_clock::now() - started).count() >= *options_.time_limit) {
        progress_.message(fmt::format("{}: --time-limit of {} s reached", title, *options_.time_limit));
        break;
      }
      const std::vector<Point> points = strategy.propose(round);
      if (points.empty()) break;
      const std::size_t measured_before = book.measured_now();
      if (search_round(points, strategy, variants, stored, book, workload, run_timeout) ==
          Outcome::base_answer_changed) {
        return Outcome::base_answer_changed;
      }
      if (book.measured_now() > measured_before) deadline_.measured_something();
      if (deadline_.passed()) {
        stopped_by_deadline = true;
        break;
      }
    }
    progress_.end_workload();
    book.check_some_succeeded(session_.source(), title);
    if (stopped_by_deadline) {
      deadline_.stopped_work();
      progress_.message(
          fmt::format("{}: the --deadline has passed: {} variants measured, the confirmation skipped; "
                      "the same command measures the rest and confirms",
                      title, book.measured_now()));
      return Outcome::searched;
    }
    return confirm(workload, scope, title, book.measured_now() > 0);
  }

  // A round's variants: every core's batch where variants are compiled; where a pool's are only
  // run, a few per lane, so that a deadline or a strategy that learns is heard soon.
  std::size_t full_round() {
    if (pool_.pooled == nullptr) return session_.round_size();
    return 4 * lanes().size();
  }

  static std::vector<std::string> pooled_variants(const PooledWorkload& pooled) {
    std::vector<std::string> names;
    for (const auto& binary : pooled.binaries)
      names.insert(names.end(), binary.variants.begin(), binary.variants.end());
    for (const auto& failure : pooled.failures) names.push_back(failure.variant);
    return names;
  }

  // The confirmation round (confirmation.hpp): the finalists measured again, interleaved, and
  // their rows stored as the ones `generate` trusts; one line says whether the ranking held.
  Outcome confirm(const CompileTimeWorkload& workload, const MeasurementScope& scope, const std::string& title,
                  bool measured_now) {
    const ConfirmationRequest request{scope, declared_runtime_axes(session_.entries()), options_.confirmation,
                                      measured_now};
    SessionFinalists finalists(session_, progress_, workload, title, lanes().first());
    const auto said = confirm_workload(database_, request, finalists);
    if (finalists.base_answer_changed()) return Outcome::base_answer_changed;
    if (said) progress_.message(title + ": " + *said);
    return Outcome::searched;
  }

  // Base's rows of one workload: the stored ones, else measured now and stored; and its run time,
  // which the variants' time limit scales with. Throws when base never ran well.
  BenchmarkSession::Measured base_rows_of(const CompileTimeWorkload& workload, const std::string& title,
                                          std::vector<Measurement> stored_rows) {
    BenchmarkSession::Measured base{std::move(stored_rows)};
    if (base.rows.empty()) {
      progress_.message(fmt::format("{}: measuring base", title));
      base = session_.measure(session_.base_build(), workload, session_.base_run_timeout());
      database_.record(base.rows);
    } else {
      for (const auto& row : base.rows)
        base.elapsed += Seconds(row.statistics.mean * static_cast<double>(row.statistics.count));
    }
    const auto base_ok =
        std::find_if(base.rows.begin(), base.rows.end(), [](const Measurement& m) { return m.status == Status::ok; });
    if (base_ok == base.rows.end()) {
      throw UserError(session_.source(), 0,
                      fmt::format("base of {} has no successful measurement: {}: {}", title,
                                  to_string(base.rows.front().status), base.rows.front().reason));
    }
    return base;
  }

  // One round of proposed points: a variant stored earlier is booked again; the others are built
  // and measured in lanes. Each point's cost is reported to the strategy.
  Outcome search_round(const std::vector<Point>& points, SearchStrategy& strategy, const VariantSpace& variants,
                       const std::map<std::string, std::vector<Measurement>>& stored, VariantBook& book,
                       const CompileTimeWorkload& workload, Seconds run_timeout) {
    const SearchSpace& space = session_.space();
    std::vector<std::pair<std::string, Variant>> to_build;
    std::vector<Point> built_points;
    for (const Point& point : points) {
      Variant variant = variants.variant_of(point);
      std::string name = space.name_of(variant);
      if (const auto found = stored.find(name); found != stored.end()) {
        strategy.report(point, book.book(name, found->second, VariantOrigin::stored_earlier));
        continue;
      }
      to_build.emplace_back(std::move(name), std::move(variant));
      built_points.push_back(point);
    }
    if (to_build.empty()) return Outcome::searched;
    if (!base_answer_holds()) return Outcome::base_answer_changed;
    if (!session_.base_outputs_present(workload)) {
      // Base's rows came from the database, but a variant of a benchmark without a check of its own
      // is compared with base's outputs, which this build folder lacks.
      progress_.message(
          fmt::format("{}: running base once here, for the outputs variants are checked against", title_of(workload)));
      session_.measure(session_.base_build(), workload, session_.base_run_timeout());
    }
    const auto builds = session_.build(to_build, workload);
    const auto measure = [&](std::size_t i, const LaneEnvironment& lane) {
      if (builds[i].status == Status::ok) return session_.measure(builds[i], workload, run_timeout, lane).rows;
      Measurement failed = session_.template_row(workload.name);  // the build's failure is the variant's row
      failed.variant = builds[i].variant;
      failed.status = builds[i].status;
      failed.reason = builds[i].reason;
      return std::vector<Measurement>{failed};
    };
    const auto book_rows = [&](std::size_t i, const std::vector<Measurement>& rows) {
      return book.book(builds[i].variant, rows, VariantOrigin::measured_now);
    };
    const auto costs = lanes().measure(builds.size(), measure, book_rows);
    for (std::size_t i = 0; i < builds.size(); ++i) strategy.report(built_points[i], costs[i]);
    remove_binaries(builds);  // measured: of no further use
    return Outcome::searched;
  }

  // `reduce.sum[T{ct}=I32,OffsetT{ct}=U32]`
  std::string title_of(const CompileTimeWorkload& workload) const {
    return session_.name() + (workload.name.empty() ? "" : "[" + workload.name + "]");
  }

  // The variants a strategy may propose: the constraints on this device, and this run's shard.
  VariantSpace variant_space() const {
    return VariantSpace(session_.space(), session_.constraints(), session_.device().limits, options_.shard_index,
                        options_.shard_count);
  }

  // The strategy that searches one workload (`auto` resolved, and said so), with its progress
  // report begun. `variants` and `prior` must outlive it. Where nothing is measured
  // (Feedback::none) only the strategies that need no results can run.
  // `allowed`: how many variants `variants` allows (allowed_in_run(), or a pool's count).
  StartedStrategy start_strategy(const StrategySpace& variants, const BigCount& allowed, const std::string& title,
                                 Feedback feedback, const SearchPrior& prior) {
    // A pool's list is the space: `auto` walks it whole when the budget allows.
    const auto* members = variants.members();
    const BigCount size = members != nullptr ? BigCount(members->size()) : session_.space().size();
    std::string name = resolve_strategy(options_.strategy, size, options_.budget, !prior.empty());
    // `auto` where nothing is measured: a sample of the space, not a strategy that would need results.
    if (feedback != Feedback::measured && options_.strategy == "auto" &&
        registered_strategy(name).learns_from_results) {
      name = "random";
    }
    if (feedback == Feedback::none) require_runs_without_results(name);
    auto strategy = make_strategy(name, variants, options_.budget, options_.seed, &prior);
    // Progress counts against the variants this run may propose: constraints and shard applied.
    const BigCount planned = options_.budget ? std::min(allowed, BigCount(*options_.budget)) : allowed;
    progress_.begin_workload(title, planned.fits_u64() ? planned.to_u64() : UINT64_MAX);
    if (name != options_.strategy) progress_.message(fmt::format("{}: strategy {}", title, name));
    if (!prior.empty() && registered_strategy(name).uses_prior) {
      progress_.message(fmt::format("{}: guided by what {} other device(s) or build(s) found", title, prior.sources()));
    }
    return {std::move(strategy), name};
  }

  // How many variants of the whole space this run may propose: the same for every workload, counted once.
  BigCount allowed_in_run(const VariantSpace& variants) {
    if (!allowed_in_run_) {
      const auto counted = variants.count_allowed();
      allowed_in_run_ = counted ? BigCount(*counted) : session_.space().size();
    }
    return *allowed_in_run_;
  }

  // What other devices (or this one under another toolkit, library or benchmark version) found for
  // this workload, from the databases --prior names.
  SearchPrior prior_of(const CompileTimeWorkload& workload, const StrategySpace& variants) {
    if (!prior_rows_) {
      prior_rows_.emplace();
      for (const auto& source : options_.priors) {
        if (source == "none") continue;
        std::vector<Measurement> rows;
        if (source == "auto") {
          rows = database_.measurements();
        } else {
          rows = ResultsDatabase(source, ResultsDatabase::Mode::read_only).measurements();
        }
        for (auto& row : rows) {
          if (row.benchmark == session_.name()) prior_rows_->push_back(std::move(row));
        }
      }
    }
    return stored_prior(*prior_rows_, session_.template_row(workload.name), session_.space(), variants);
  }

  // A CUDA search that is to measure, on a machine without a GPU: said, recorded and counted before
  // anything is built (base took a minute to compile only to find no device to run on).
  bool skipped_without_gpu() {
    if (options_.compile_only || !is_cuda_source(session_.source())) return false;
    const auto why = no_cuda_device_reason();
    if (!why) return false;
    record_not_searched("no GPU: " + *why);
    progress_.message(fmt::format("{}: not searched, nothing compiled: no GPU: {}", session_.name(), *why));
    return true;
  }

  // Recorded, so that a configure-time search knows it ran and found nothing to run on; counted
  // in the summary.
  void record_not_searched(const std::string& reason) {
    Measurement skipped = session_.template_row("");
    skipped.device.name = "none";
    skipped.variant = "base";
    skipped.status = Status::skipped;
    skipped.reason = reason;
    database_.record(skipped);
    progress_.benchmark_not_searched();
  }

  // A benchmark without %RANGE% lines has base and nothing else: its one "variant" would be base's
  // source built without TUNE_BASE, stored under base's name. Says so.
  bool without_parameters(const std::string& title) {
    if (!session_.space().parameters().empty()) return false;
    progress_.message(fmt::format("{}: no %RANGE% parameters: base is all there is", title));
    return true;
  }

  // --compile-only: builds what the strategy proposes and runs nothing, to check on a machine
  // without the GPU which variants compile, or to measure compile throughput; with a pool, keeps
  // the builds there (policytune pool).
  void compile_workload(const CompileTimeWorkload& workload) {
    const std::string title = title_of(workload);
    if (without_parameters(title)) return;
    const SearchSpace& space = session_.space();
    const VariantSpace variants = variant_space();
    // A pool takes a prior's picks (--prior) and a model's first proposals as well.
    PoolFilling* filling = pool_.filled;
    const SearchPrior prior = filling != nullptr ? prior_of(workload, variants) : SearchPrior{};
    // A pool for the next visit leaves out what the databases hold already (--exclude-stored).
    std::optional<VariantsExcept> unstored;
    if (filling != nullptr && !options_.exclude_stored.empty()) unstored.emplace(variants, stored_variants(workload));
    const StrategySpace& candidates = unstored ? static_cast<const StrategySpace&>(*unstored) : variants;
    BigCount allowed = allowed_in_run(variants);
    if (unstored && allowed.fits_u64()) allowed = BigCount(allowed.to_u64() - unstored->excluded_allowed());
    const StartedStrategy started = start_strategy(
        candidates, allowed, title, filling != nullptr ? Feedback::first_proposals : Feedback::none, prior);
    SearchStrategy& strategy = *started.strategy;
    const bool first_proposals_only = registered_strategy(started.name).learns_from_results;
    PooledWorkload* pooled = nullptr;
    if (filling != nullptr) {
      pooled = &filling->pool.benchmark_for_update(session_.name()).workload_for_update(workload.name);
    }
    const std::size_t round = first_proposals_only && options_.budget ? *options_.budget : session_.round_size();
    while (filling == nullptr || !filling->full) {
      check_interrupt();
      const std::vector<Point> points = strategy.propose(round);
      if (points.empty()) break;
      std::vector<std::pair<std::string, Variant>> to_build;
      for (const Point& point : points) {
        Variant variant = variants.variant_of(point);
        std::string name = space.name_of(variant);
        strategy.report(point, std::nullopt);
        if (pooled != nullptr && pooled->holds(name)) {  // pooled by an earlier pool command
          progress_.variant_done(name, Status::ok, "", std::nullopt, VariantOrigin::stored_earlier);
          continue;
        }
        to_build.emplace_back(std::move(name), std::move(variant));
      }
      if (!to_build.empty()) {
        const auto builds = session_.build(to_build, workload);
        for (const auto& build : builds) {
          progress_.variant_done(build.variant, build.status, build.reason, std::nullopt, VariantOrigin::measured_now);
        }
        if (pooled != nullptr) {
          keep_in_pool(builds, workload, *pooled);
        } else {
          remove_binaries(builds);
        }
      }
      if (first_proposals_only) break;
    }
    progress_.end_workload();
  }

  // The variants of this workload and source text that the --exclude-stored databases hold, on any device.
  std::vector<std::string> stored_variants(const CompileTimeWorkload& workload) const {
    std::vector<std::string> names;
    for (const auto& path : options_.exclude_stored) {
      for (const auto& row : ResultsDatabase(path, ResultsDatabase::Mode::read_only).measurements()) {
        if (row.benchmark == session_.name() && row.source_hash == session_.source_hash() &&
            row.ct_workload == workload.name) {
          names.push_back(row.variant);
        }
      }
    }
    return names;
  }

  // The pool's folder of one workload's binaries: `reduce.sum/<source hash>/<workload's hash>`.
  fs::path pool_path(const std::string& stem, const CompileTimeWorkload* workload = nullptr) const {
    fs::path path = fs::path(session_.name()) / session_.source_hash();
    if (workload != nullptr) path /= content_hash(workload->name).substr(0, 16);
    return path / stem;
  }

  // Copies base into the pool where it lacks this very source's base; a pooled older version of
  // the benchmark goes, binaries and all.
  void keep_base_in_pool() {
    PoolFilling& filling = *pool_.filled;
    if (const PooledBenchmark* kept = filling.pool.benchmark(session_.name())) {
      if (kept->source_hash == session_.source_hash()) return;
      progress_.message(
          fmt::format("{}: the pool's builds of another version of {} go", session_.name(), kept->source));
      filling.bytes -= filling.pool.drop(session_.name());
    }
    const BenchmarkSession::Build base = session_.base_build();
    const fs::path relative = pool_path("base");
    const std::uintmax_t size = fs::file_size(base.binary);
    if (filling.limit && filling.bytes + size > *filling.limit) {
      throw UserError(fmt::format("--max-size {} cannot hold base of {} ({}) beside what the pool holds ({})",
                                  describe_bytes(*filling.limit), session_.name(), describe_bytes(size),
                                  describe_bytes(filling.bytes)));
    }
    copy_into_pool(base.binary, relative, false);
    PooledBenchmark& pooled = filling.pool.benchmark_for_update(session_.name());
    pooled.source = session_.source();
    pooled.source_hash = session_.source_hash();
    pooled.base = relative.string();
    pooled.base_build_seconds = session_.base_build_time().count();
    filling.bytes += size;
    filling.pool.save();
  }

  // Moves one round's binaries into the pool (a batch's once) and records their variants and the
  // failures. A binary that would take the pool past --max-size is removed instead, and the pool
  // is full: nothing more is built.
  void keep_in_pool(const std::vector<BenchmarkSession::Build>& builds, const CompileTimeWorkload& workload,
                    PooledWorkload& pooled) {
    PoolFilling& filling = *pool_.filled;
    std::vector<std::pair<std::string, std::vector<const BenchmarkSession::Build*>>> binaries;  // in build order
    for (const auto& build : builds) {
      if (build.status != Status::ok) {
        pooled.failures.push_back({build.variant, build.status, build.reason});
        continue;
      }
      const auto same = [&](const auto& entry) { return entry.first == build.binary; };
      auto found = std::find_if(binaries.begin(), binaries.end(), same);
      if (found == binaries.end()) found = binaries.insert(binaries.end(), {build.binary, {}});
      found->second.push_back(&build);
    }
    for (const auto& [binary, members] : binaries) {
      const std::uintmax_t size = fs::file_size(binary);
      if (filling.full || (filling.limit && filling.bytes + size > *filling.limit)) {
        std::error_code ignored;
        fs::remove(binary, ignored);
        filling.full = true;
        filling.left_out += members.size();
        continue;
      }
      const fs::path relative = pool_path(std::to_string(pooled.binaries.size() + 1), &workload);
      copy_into_pool(binary, relative, true);
      PooledBinary kept{relative.string(), {}, !members.front()->selection.empty()};
      for (const auto* member : members) kept.variants.push_back(member->variant);
      pooled.binaries.push_back(std::move(kept));
      filling.bytes += size;
    }
    filling.pool.save();  // an interrupted pool command keeps what it built
  }

  // Puts `binary` at `relative` in the pool: moved (a variant's scratch binary) or copied (base,
  // which the build folder keeps). EnvironmentError on a full disk.
  void copy_into_pool(const std::string& binary, const fs::path& relative, bool move) const {
    const fs::path target = pool_.filled->pool.folder() / relative;
    std::error_code error;
    fs::create_directories(target.parent_path(), error);
    const fs::path scratch = target.parent_path() / scratch_name(target.filename().string());
    if (!error && move) fs::rename(binary, scratch, error);
    if (error || !move) {  // another file system, or a copy asked for
      error.clear();
      fs::copy_file(binary, scratch, fs::copy_options::overwrite_existing, error);
      if (!error && move) fs::remove(binary, error);
    }
    if (error) throw EnvironmentError(target.string(), "cannot keep the binary in the pool: " + error.message());
    publish(scratch, target);
  }

  static void remove_binaries(const std::vector<BenchmarkSession::Build>& builds) {
    std::set<std::string> binaries;  // a batch's binary once
    for (const auto& build : builds) {
      if (build.status == Status::ok && !build.pooled) binaries.insert(build.binary);
    }
    for (const auto& binary : binaries) {
      std::error_code ignored;
      std::filesystem::remove(binary, ignored);
    }
  }

  // The lanes variants are measured in (run/measurement_lanes.hpp), known once base has told the
  // device; said in the log where there are several.
  const MeasurementLanes& lanes() {
    if (lanes_) return *lanes_;
    lanes_.emplace(lanes_of_process(options_.lanes, session_.device().visible_devices));
    if (lanes_->size() > 1) {
      progress_.message(fmt::format("{}: measuring in {} lanes, one per device", session_.name(), lanes_->size()));
    }
    return *lanes_;
  }

  const SearchOptions& options_;
  SearchProgress& progress_;
  ResultsStore& database_;
  BaseAnswerCache* answers_;
  BenchmarkSession session_;
  Pool pool_;
  Deadline& deadline_;
  std::optional<MeasurementLanes> lanes_;
  std::optional<BigCount> allowed_in_run_;              // the same for every workload: counted once
  std::optional<std::vector<Measurement>> prior_rows_;  // this benchmark's rows in the --prior databases
};

// The pool's build of `source`: UserError naming the source when the pool has none, or one of
// another text of it.
const PooledBenchmark& pooled_benchmark(const CompilePool& pool, const BenchmarkSource& source) {
  const std::string name = benchmark_name_from_path(source.path);
  const PooledBenchmark* pooled = pool.benchmark(name);
  if (pooled == nullptr || pooled->base.empty()) {
    std::vector<std::string> held;
    for (const auto& benchmark : pool.benchmarks()) held.push_back(benchmark.name);
    throw UserError(
        source.path, 0,
        fmt::format("the pool {} holds no build of {} (it holds {}): add it with policytune pool",
                    pool.folder().string(), name, held.empty() ? "none" : fmt::format("{}", fmt::join(held, ", "))));
  }
  const std::string hash = content_hash(source.text);
  if (pooled->source_hash != hash) {
    throw UserError(source.path, 0,
                    fmt::format("the pool {} holds {} built from another text of this file (source hash {}, this "
                                "file's {}): build the pool again",
                                pool.folder().string(), name, pooled->source_hash, hash));
  }
  return *pooled;
}

}  // namespace

std::size_t search_round_size(std::size_t full_round, unsigned jobs, std::optional<std::uint64_t> budget,
                              bool strategy_learns) noexcept {
  if (!strategy_learns || !budget) return full_round;
  const std::uint64_t quarter = (*budget + 3) / 4;
  return std::min<std::size_t>(full_round, std::max<std::uint64_t>(jobs, quarter));
}

SearchEnd run_search(const SearchOptions& options, SearchProgress& progress) {
  if (options.shard_count == 0 || options.shard_index == 0 || options.shard_index > options.shard_count) {
    throw UserError(fmt::format("--shard {}/{}: k/N needs 1 <= k <= N", options.shard_index, options.shard_count));
  }
  const UserRegex pattern(options.benchmark_regex, "-R");
  // Parse every source before building anything: a bad %RANGE% line fails fast.
  std::vector<BenchmarkSource> selected;
  for (const auto& path : options.sources) {
    BenchmarkSource source = read_benchmark_source(path);
    if (pattern.found_in(benchmark_name_from_path(path))) selected.push_back(std::move(source));
  }
  if (selected.empty()) throw UserError("no benchmark matches -R '" + options.benchmark_regex + "'");
  const bool no_prior = std::find(options.priors.begin(), options.priors.end(), "none") != options.priors.end();
  if (no_prior && options.priors.size() > 1) throw UserError("--prior none cannot be combined with other priors");
  for (const auto& source : options.priors) {  // a missing or broken prior database fails before any build
    if (source != "auto" && source != "none") ResultsDatabase(source, ResultsDatabase::Mode::read_only);
  }
  for (const auto& path : options.exclude_stored) ResultsDatabase(path, ResultsDatabase::Mode::read_only);
  const bool filling_pool = options.compile_only && !options.pool.empty();
  // A strategy that cannot run here is refused before anything is built ("auto" picks by the space).
  if (options.strategy != "auto" && options.compile_only && !filling_pool) {
    require_runs_without_results(options.strategy);
  }
  // A pool to measure is checked whole before anything runs: it must serve every source.
  std::optional<CompilePool> measured_pool;
  std::vector<const PooledBenchmark*> pooled(selected.size(), nullptr);
  if (!options.pool.empty() && !options.compile_only) {
    measured_pool.emplace(CompilePool::open(options.pool));
    require_pool_serves(*measured_pool, options.pool_expectation);
    for (std::size_t i = 0; i < selected.size(); ++i) pooled[i] = &pooled_benchmark(*measured_pool, selected[i]);
  }
  std::optional<PoolFilling> filling;
  SearchOptions effective = options;
  if (filling_pool) {
    std::error_code error;
    fs::create_directories(options.pool, error);
    if (error) throw EnvironmentError(options.pool, "cannot create the pool's folder: " + error.message());
    filling.emplace(PoolFilling{CompilePool::open_for_building(options.pool, current_pool_setup(options.compiler)),
                                options.pool_size_limit});
    filling->bytes = filling->pool.bytes();
    effective.whole_base = true;  // a later pool command may add any workload
  }
  // A compile-only search keeps nothing: its rows (base's, to time the variants' builds) stay in memory.
  std::unique_ptr<ResultsStore> store;
  // Base's answers are kept beside the results: a later search (a configure in a fresh build
  // folder) that finds everything stored builds nothing. A compile-only search needs base anyway.
  std::unique_ptr<BaseAnswerCache> answers;
  if (options.compile_only) {
    store = std::make_unique<InMemoryStore>();
  } else {
    store = std::make_unique<ResultsDatabase>(options.database, ResultsDatabase::Mode::create_if_missing);
    answers = std::make_unique<BaseAnswerCache>(options.database);
  }
  ResultsStore& database = *store;
  Deadline deadline(options.deadline_minutes);
  for (std::size_t i = 0; i < selected.size(); ++i) {
    const BenchmarkSearch::Pool pool{pooled[i], measured_pool ? measured_pool->folder() : fs::path(),
                                     filling ? &*filling : nullptr};
    BenchmarkSearch search(effective, progress, database, answers.get(), std::move(selected[i]), pool, deadline);
    search.run();
  }
  SearchEnd end;
  end.deadline_reached = deadline.stopped_work_here();
  if (filling) {
    SearchEnd::Pool summary;
    summary.benchmarks = filling->pool.benchmarks().size();
    for (const auto& benchmark : filling->pool.benchmarks()) {
      for (const auto& workload : benchmark.workloads) {
        summary.variants += workload.variant_count();
        summary.binaries += workload.binaries.size();
      }
    }
    summary.bytes = filling->bytes;
    summary.full = filling->full;
    summary.left_out = filling->left_out;
    end.pool = summary;
  }
  return end;
}

}  // namespace policytune
