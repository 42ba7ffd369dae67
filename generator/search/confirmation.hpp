#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/measurement.hpp"
#include "protocol/declared_axes.hpp"
#include "search/search_options.hpp"
#include "store/results_store.hpp"

namespace policytune {

// A search's confirmation round. Medians measured minutes apart mislead on a busy machine: a
// variant measured while other work ran looks slower than one measured in a quiet minute. So
// before a compile-time workload's search ends, its finalists are measured again, interleaved:
// round after round every finalist runs once on every runtime workload, the order alternating
// (base A B C, then C B A base, ...), so that drift hits all of them alike. Their pooled rows
// replace the search's, marked confirmed (Measurement::confirmed_rounds), and only confirmed
// variants may then win the workload in `generate`, `check` and `report` (confirmed_variants.hpp).

// The finalists of one workload's rows: base first, then the `count` best-ranked variants by
// score, then up to `count` more: a ranked variant that is the fastest at some runtime workload
// where no finalist is (a size dispatch's candidate), the largest lead over the finalists first.
// Empty when nothing but base is ranked (nothing to confirm).
std::vector<std::string> pick_finalists(const std::vector<const Measurement*>& rows, const DeclaredAxes& declared,
                                        std::size_t count);

// The order finalists run in round `round` (from 0): as given in even rounds, reversed in odd ones,
// so that each finalist is as often early as late in a round. Base comes first in the first round,
// leaving the outputs the variants of a benchmark without a check of its own are compared with.
std::vector<std::string> round_order(const std::vector<std::string>& finalists, std::size_t round);

// One variant's runs, one per round, pooled into one row per runtime workload: the median of the
// rounds' medians, the samples' count, mean, spread (within and between rounds) and extremes over
// all rounds; `confirmed_rounds` is the number of rounds. A runtime workload that failed in any
// round keeps that round's failure (the first); a run that failed as a whole stands for all.
std::vector<Measurement> pool_rounds(const std::vector<std::vector<Measurement>>& runs);

// How far one variant's rounds disagree: per runtime workload, the spread of the rounds' medians
// relative to their mean, over the square root of the rounds (the standard error of their mean);
// the largest over the runtime workloads. 0 with fewer than two rounds that ran well.
double round_noise(const std::vector<std::vector<Measurement>>& runs);

// What the confirmation changed, in one line: `confirmation: ranking held (...)` or
// `confirmation: ranking changed: X was 1.030, now 0.970; ...; winner now Y`, from the workload's
// rows before and after; plus where the fastest finalist of a runtime workload changed. Finalists
// that swapped places by less than their rounds disagree (`noise`: round_noise per finalist, the
// two added) are a tie, not a change: `ranking held within the rounds' noise (X and Y 0.4% apart,
// noise 1.2%; ...; winner now X)`, the winner being the tie's side that `generate` takes. Then the
// scores as stored now beside the search's (`; scores against base measured again: X 2.954 (2.448
// in the search), ...; the 18 variants not confirmed x1.15 to x1.21 of their search's score by the
// same base`): the progress lines scored against base as measured before the search, and what
// `analyze` shows differs from them by exactly this.
std::string describe_confirmation(const std::vector<const Measurement*>& before,
                                  const std::vector<const Measurement*>& after,
                                  const std::vector<std::string>& finalists, const DeclaredAxes& declared,
                                  std::size_t rounds, const std::map<std::string, double>& noise = {});

// How the finalists are built and run: by a BenchmarkSession in a search, by a model in tests.
class FinalistRunner {
public:
  virtual ~FinalistRunner() = default;
  // Makes the variants (base excluded) runnable; false, with `why`, when one cannot be.
  virtual bool prepare(const std::vector<std::string>& variants, std::string& why) = 0;
  // One run of `variant` (or "base") on every runtime workload of the workload, as the search ran it.
  virtual std::vector<Measurement> run(const std::string& variant) = 0;
};

struct ConfirmationRequest {
  MeasurementScope scope;  // the workload whose rows are confirmed
  DeclaredAxes declared;   // its benchmark's runtime axes, which the scores weigh by
  ConfirmationSettings settings;
  // Whether the search measured any variant of the workload. A workload confirmed before, with
  // nothing measured since, is not confirmed again: the pooled rows rank lower or higher than the
  // search's one-off rows, so the finalists picked anew may differ, and every run of an unchanged
  // search would otherwise build and measure again.
  bool measured_now = true;
};

// Confirms one workload in `store`: picks its finalists from the stored rows, runs them in
// interleaved rounds through `runner`, records the pooled rows in one write (and marks rows of
// an earlier confirmation whose variant is no finalist now as measured once again), and returns
// the line that says what changed. nullopt when there is nothing to do: confirmation off, nothing
// ranked beside base, every finalist confirmed already (a search resumed after it), or a workload
// confirmed before with nothing measured since (request.measured_now false).
std::optional<std::string> confirm_workload(ResultsStore& store, const ConfirmationRequest& request,
                                            FinalistRunner& runner);

}  // namespace policytune
