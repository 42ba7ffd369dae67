#include "search.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <regex>

#include "benchmark_name.hpp"
#include "benchmark_session.hpp"
#include "results_database.hpp"
#include "score.hpp"
#include "search_space.hpp"
#include "search_strategy.hpp"
#include "text_input.hpp"
#include "user_error.hpp"

namespace policytune {
namespace {

using Seconds = BenchmarkSession::Seconds;

// One benchmark source being searched.
class BenchmarkSearch {
public:
  BenchmarkSearch(const SearchOptions& options, SearchProgress& progress, ResultsDatabase& database,
                  std::string source)
      : options_(options), progress_(progress), database_(database), session_(options, progress, std::move(source)) {}

  void run() {
    const SearchSpace& space = session_.space();
    std::string ranges;
    for (const auto& p : space.parameters()) {
      ranges += fmt::format("{} {} {}:{}:{}\n", p.macro, p.label, p.start, p.end, p.step);
    }
    database_.record(
        SearchSpaceRecord{session_.name(), session_.source_hash(), session_.algorithm(), space.size().to_string(), ranges});
    session_.prepare();
    if (!session_.device().available) {
      // Recorded, so that a configure-time search knows it ran and found nothing to run on.
      Measurement skipped = session_.template_row("");
      skipped.device.name = "none";
      skipped.variant = "base";
      skipped.status = Status::skipped;
      skipped.reason = session_.device().reason;
      database_.record(skipped);
      progress_.message(fmt::format("{}: skipped: {}", session_.name(), session_.device().reason));
      return;
    }
    for (const auto& workload : session_.selected_workloads()) search_workload(workload);
  }

private:
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

  void search_workload(const CompileTimeWorkload& workload) {
    const HarnessDevice& device = session_.device();
    const MeasurementScope scope{session_.name(), device.device, device.toolkit, device.library, session_.source_hash(),
                                 workload.name};
    const std::string title = session_.name() + (workload.name.empty() ? "" : "[" + workload.name + "]");
    // What earlier runs stored, by variant: those variants count as evaluated and are not measured.
    std::map<std::string, std::vector<Measurement>> stored;
    if (!options_.force) {
      for (auto& row : database_.measurements(scope)) stored[row.variant].push_back(std::move(row));
    }
    std::vector<Measurement> base_rows = stored["base"];
    Seconds base_run_time{0};
    if (base_rows.empty()) {
      progress_.message(fmt::format("{}: measuring base", title));
      base_rows = session_.measure("base", session_.base_binary(), workload, session_.base_run_timeout(), &base_run_time);
      database_.record(base_rows);
    } else {
      for (const auto& row : base_rows) base_run_time += Seconds(row.statistics.mean * static_cast<double>(row.statistics.count));
    }
    const auto base_ok = std::find_if(base_rows.begin(), base_rows.end(), [](const Measurement& m) { return m.status == Status::ok; });
    if (base_ok == base_rows.end()) {
      throw UserError(session_.source(), 0, fmt::format("base of {} has no successful measurement: {}: {}", title,
                                              to_string(base_rows.front().status), base_rows.front().reason));
    }
    const Seconds run_timeout = session_.variant_run_timeout(base_run_time);

    const SearchSpace& space = session_.space();
    auto strategy = make_strategy(options_.strategy, space, options_.budget, options_.seed);
    const BigCount planned_count = options_.budget ? std::min(space.size(), BigCount(*options_.budget)) : space.size();
    progress_.begin_workload(title, planned_count.fits_u64() ? planned_count.to_u64() : UINT64_MAX);
    const std::size_t batch_size = 2 * static_cast<std::size_t>(session_.jobs());

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
        Variant variant = space.variant_at(*index);
        std::string variant_name = space.name_of(variant);
        if (!in_shard(variant_name, options_.shard_index, options_.shard_count)) continue;
        if (const auto found = stored.find(variant_name); found != stored.end()) {
          account(variant_name, found->second, true);
          continue;
        }
        batch.emplace_back(std::move(variant_name), std::move(variant));
      }
      if (batch.empty()) continue;
      for (const auto& build : session_.build(batch, workload)) {
        std::vector<Measurement> rows;
        if (build.status != Status::ok) {
          Measurement failed = session_.template_row(workload.name);
          failed.variant = build.variant;
          failed.status = build.status;
          failed.reason = build.reason;
          rows.push_back(failed);
        } else {
          rows = session_.measure(build.variant, build.binary, workload, run_timeout);
          std::error_code ignored;
          std::filesystem::remove(build.binary, ignored);  // measured: the binary is of no further use
        }
        database_.record(rows);
        account(build.variant, rows, false);
      }
    }
    progress_.end_workload();
    if (attempted > 0 && succeeded == 0 && first_failure) {
      throw UserError(session_.source(), 0, fmt::format("every variant of {} failed; the first: {}: {}: {}", title,
                                              first_failure->variant, to_string(first_failure->status),
                                              first_failure->reason));
    }
  }

  const SearchOptions& options_;
  SearchProgress& progress_;
  ResultsDatabase& database_;
  BenchmarkSession session_;
};

}  // namespace

bool in_shard(const std::string& variant, std::uint64_t index, std::uint64_t count) noexcept {
  if (count <= 1) return true;
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a: stable across machines and compilers
  for (const unsigned char c : variant) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash % count == index - 1;
}

void run_search(const SearchOptions& options, SearchProgress& progress) {
  if (options.shard_count == 0 || options.shard_index == 0 || options.shard_index > options.shard_count) {
    throw UserError(fmt::format("--shard {}/{}: k/N needs 1 <= k <= N", options.shard_index, options.shard_count));
  }
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
