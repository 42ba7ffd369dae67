#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/measurement.hpp"
#include "select/dispatch_selection.hpp"
#include "select/score.hpp"
#include "select/selected_policies.hpp"
#include "store/results_store.hpp"

namespace policytune {

// What `policytune report` shows, computed by the select stage (score, winner, dispatch selection,
// winners) from one database: per compile-time workload and device the measurements' story, and per
// benchmark what the generated hub's architecture links would hold.

// The speedups over base of every ranked variant at one runtime workload.
struct RuntimeSpread {
  std::string workload;  // "Elements{io}[pow2]=16", or "entry: workload" where a file has several entries
  double min = 0;
  double mean = 0;
  double max = 0;
  std::optional<double> winner;  // the winner's speedup there; nullopt where base wins
};

// One variant's speedup over base against the dispatch axis' values.
struct SpeedupCurve {
  std::string variant;
  std::vector<std::pair<double, double>> points;  // (axis value, or its exponent on a power-of-two axis; speedup)
};

// The failed variants of one status, and why.
struct FailureSummary {
  Status status = Status::ok;
  std::size_t variants = 0;
  std::vector<std::pair<std::string, std::size_t>> reasons;  // distinct reasons and how many variants gave each
  std::vector<std::string> examples;                         // a few variants' names
};

struct WorkloadReport {
  std::string title;            // `radix_sort.host_keys[T{ct}=U32]`
  std::string context;          // device, toolkit, library
  std::string source;           // source hash, last measured, current/newest or older
  std::string architecture;     // "90" or "host"
  std::string device;           // the device's name
  std::string ct_workload;      // "T{ct}=U32"
  ScoredWorkload scored;        // every ranked variant's score, best first
  std::string winner = "base";  // the variant generate takes (pick_winner); base when none beats the noise
  double winner_score = 1;
  double winner_noise = 0;
  std::vector<RuntimeSpread> spreads;    // per runtime workload, in the order measured
  WorkloadDispatch dispatch;             // the best split over a runtime axis and whether it is kept
  std::vector<SpeedupCurve> curves;      // the single policy's and every range variant's, on the dispatch axis
  std::size_t measured = 0;              // distinct variants measured (base not counted)
  std::string space_size;                // the recorded space's size; empty where none was recorded
  std::vector<FailureSummary> failures;  // by status
  std::size_t skipped = 0;               // variants the device could not launch
  std::vector<std::pair<double, double>>
      convergence;  // (evaluations, best score so far) where it changed, and the last
};

// The hub `generate` would render for one benchmark source: its architecture links.
struct HubLinks {
  std::string benchmark;
  std::string source_hash;
  std::vector<ArchitecturePolicies> architectures;  // select_winners: one policy per workload
  // Where a size dispatch is kept: (architecture, compile-time workload) -> (its axis, its ranges) as
  // `generate --dispatch AXIS` renders them: (`Elements{io}`, `2^8..2^10 base; 2^12..2^20 bits_11`).
  std::map<std::pair<std::string, std::string>, std::pair<std::string, std::string>> dispatch_ranges;
  std::string problem;  // why the links cannot be shown (several devices of one architecture, no search space)
};

struct Report {
  std::string database;
  std::size_t rows = 0;
  std::vector<WorkloadReport> workloads;
  std::vector<HubLinks> hubs;
};

// The report of `measurements` (already filtered by benchmark) with the search spaces recorded
// beside them; `database` names the file on the page.
Report build_report(const std::vector<Measurement>& measurements, const std::vector<SearchSpaceRecord>& spaces,
                    const std::string& database);

// The speedup over base of every ranked variant per runtime workload: base's median over the
// variant's, as score_workload computes them.
struct RuntimeSpeedups {
  std::vector<RuntimeKey> workloads;                                  // base's runtime workloads, in the order stored
  std::vector<std::pair<std::string, std::vector<double>>> variants;  // ranked ones but base: speedup per workload
};
RuntimeSpeedups runtime_speedups(const std::vector<const Measurement*>& rows, const ScoredWorkload& scored);

}  // namespace policytune
