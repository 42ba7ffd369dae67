#include "search/confirmation.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <optional>
#include <set>

#include "select/pick_winner.hpp"
#include "select/score.hpp"

namespace policytune {
namespace {

using Fastest = std::map<RuntimeKey, std::pair<std::string, double>>;  // runtime workload -> (variant, median)

// The fastest of `variants` at every runtime workload where all ran well.
Fastest fastest_of(const std::vector<const Measurement*>& rows, const std::set<std::string>& variants) {
  Fastest fastest;
  for (const Measurement* row : rows) {
    if (row->status != Status::ok || row->statistics.median <= 0 || variants.count(row->variant) == 0) continue;
    const RuntimeKey key{row->entry, row->rt_workload};
    const auto found = fastest.find(key);
    if (found == fastest.end() || row->statistics.median < found->second.second) {
      fastest[key] = {row->variant, row->statistics.median};
    }
  }
  return fastest;
}

// Ranked variants that are the fastest somewhere no finalist is, by their largest lead there
// (the finalists' best median over theirs), most leading first.
std::vector<std::string> fastest_elsewhere(const std::vector<const Measurement*>& rows, const ScoredWorkload& scored,
                                           const std::vector<std::string>& finalists) {
  std::set<std::string> ranked;
  for (const auto& score : scored.ranked) ranked.insert(score.variant);
  const Fastest overall = fastest_of(rows, ranked);
  const Fastest among_finalists = fastest_of(rows, std::set<std::string>(finalists.begin(), finalists.end()));
  std::map<std::string, double> lead;
  for (const auto& [key, best] : overall) {
    const auto finalist = among_finalists.find(key);
    if (finalist == among_finalists.end() || finalist->second.first == best.first) continue;
    double& held = lead[best.first];
    held = std::max(held, finalist->second.second / best.second);
  }
  std::vector<std::pair<double, std::string>> ordered;
  for (const auto& [variant, ratio] : lead) ordered.emplace_back(ratio, variant);
  std::stable_sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<std::string> variants;
  for (const auto& [ratio, variant] : ordered) variants.push_back(variant);
  return variants;
}

// The samples of several rounds as one: counts add, means weigh by count, the spread takes in
// both the rounds' own and the differences between their means.
SampleStatistics pooled_statistics(const std::vector<const Measurement*>& rounds) {
  SampleStatistics pooled;
  std::vector<double> medians;
  double weighted_mean = 0;
  for (const Measurement* row : rounds) {
    const SampleStatistics& s = row->statistics;
    medians.push_back(s.median);
    pooled.count += s.count;
    weighted_mean += static_cast<double>(s.count) * s.mean;
    pooled.min = medians.size() == 1 ? s.min : std::min(pooled.min, s.min);
    pooled.max = std::max(pooled.max, s.max);
  }
  std::sort(medians.begin(), medians.end());
  const std::size_t middle = medians.size() / 2;
  pooled.median = medians.size() % 2 == 1 ? medians[middle] : (medians[middle - 1] + medians[middle]) / 2;
  if (pooled.count == 0) return pooled;
  pooled.mean = weighted_mean / static_cast<double>(pooled.count);
  double squares = 0;
  for (const Measurement* row : rounds) {
    const SampleStatistics& s = row->statistics;
    squares += static_cast<double>(s.count) * (s.stddev * s.stddev + (s.mean - pooled.mean) * (s.mean - pooled.mean));
  }
  pooled.stddev = std::sqrt(squares / static_cast<double>(pooled.count));
  return pooled;
}

// One runtime workload's rows of every round pooled into one row (see pool_rounds).
Measurement pooled_row(const std::vector<const Measurement*>& rounds, std::size_t expected) {
  Measurement row = *rounds.front();
  if (rounds.size() < expected) {
    row.status = Status::run_failed;
    row.reason = fmt::format("not measured in {} of {} confirmation rounds", expected - rounds.size(), expected);
    row.statistics = {};
    row.bytes_per_second.reset();
    return row;
  }
  const auto failed =
      std::find_if(rounds.begin(), rounds.end(), [](const Measurement* m) { return m->status != Status::ok; });
  if (failed != rounds.end()) return **failed;
  row.statistics = pooled_statistics(rounds);
  if (row.bytes_per_second && row.statistics.median > 0) {
    // The bytes a state moves do not change between rounds: bandwidth follows the pooled median.
    row.bytes_per_second = *row.bytes_per_second * rounds.front()->statistics.median / row.statistics.median;
  }
  return row;
}

std::map<std::string, double> scores_of(const ScoredWorkload& scored) {
  std::map<std::string, double> scores;
  for (const auto& score : scored.ranked) scores[score.variant] = score.score;
  return scores;
}

// The finalists best score first (base scores 1); unranked ones last, in the given order.
std::vector<std::string> ranking(const std::vector<std::string>& finalists,
                                 const std::map<std::string, double>& scores) {
  std::vector<std::string> ordered = finalists;
  std::stable_sort(ordered.begin(), ordered.end(), [&](const std::string& a, const std::string& b) {
    const auto sa = scores.find(a), sb = scores.find(b);
    if (sa == scores.end() || sb == scores.end()) return sa != scores.end() && sb == scores.end();
    return sa->second > sb->second;
  });
  return ordered;
}

// The variant `generate` would take from `rows` among the finalists, or base; confirmation marks
// ignored, so that before and after are judged alike.
std::string winner_among(const std::vector<const Measurement*>& rows, const std::vector<std::string>& finalists,
                         const DeclaredAxes& declared) {
  std::vector<Measurement> copies;
  for (const Measurement* row : rows) {
    copies.push_back(*row);
    copies.back().confirmed_rounds = 0;
  }
  std::vector<const Measurement*> pointers;
  for (const auto& copy : copies) pointers.push_back(&copy);
  const ScoredWorkload scored = score_workload(pointers, declared);
  const auto winner = pick_winner(scored, pointers, [&](const std::string& variant) {
    return std::find(finalists.begin(), finalists.end(), variant) != finalists.end();
  });
  return winner ? winner->score.variant : "base";
}

std::string score_text(const std::map<std::string, double>& scores, const std::string& variant) {
  const auto found = scores.find(variant);
  return found == scores.end() ? "unranked" : fmt::format("{:.3f}", found->second);
}

// `; fastest finalist changed at 1 of 4 runtime workloads (N=4000: unroll_2 -> unroll_3)`, or
// nothing: what a size dispatch over the runtime workloads would see differently.
std::string fastest_changes(const std::vector<const Measurement*>& before, const std::vector<const Measurement*>& after,
                            const std::vector<std::string>& finalists) {
  const std::set<std::string> names(finalists.begin(), finalists.end());
  const Fastest then = fastest_of(before, names), now = fastest_of(after, names);
  std::set<std::string> entries;
  for (const auto& [key, best] : now) entries.insert(key.first);
  std::vector<std::string> changes;
  for (const auto& [key, best] : now) {
    const auto earlier = then.find(key);
    if (earlier == then.end() || earlier->second.first == best.first) continue;
    const std::string workload = entries.size() > 1 ? key.first + ": " + key.second : key.second;
    changes.push_back(fmt::format("{}: {} -> {}", workload, earlier->second.first, best.first));
  }
  if (changes.empty()) return "";
  const std::size_t shown = std::min<std::size_t>(changes.size(), 3);
  return fmt::format("; fastest finalist changed at {} of {} runtime workloads ({}{})", changes.size(), now.size(),
                     fmt::join(changes.begin(), changes.begin() + static_cast<std::ptrdiff_t>(shown), ", "),
                     changes.size() > shown ? ", ..." : "");
}

// When every pair of finalists that swapped places is closer after the confirmation than the two
// finalists' round noise added: `X and Y 0.4% apart, noise 1.2%` for each pair. nullopt when a
// swap is clear of the noise, or a swapped finalist is unranked.
std::optional<std::string> swaps_within_noise(const std::vector<std::string>& ranked_before,
                                              const std::vector<std::string>& ranked_after,
                                              const std::map<std::string, double>& scores_after,
                                              const std::map<std::string, double>& noise) {
  std::map<std::string, std::size_t> place_before;
  for (std::size_t i = 0; i < ranked_before.size(); ++i) place_before[ranked_before[i]] = i;
  const auto noise_of = [&](const std::string& variant) {
    const auto found = noise.find(variant);
    return found == noise.end() ? 0.0 : found->second;
  };
  std::vector<std::string> ties;
  for (std::size_t i = 0; i < ranked_after.size(); ++i) {
    for (std::size_t j = i + 1; j < ranked_after.size(); ++j) {
      const std::string& ahead = ranked_after[i];
      const std::string& behind = ranked_after[j];
      if (place_before.at(ahead) < place_before.at(behind)) continue;  // same order as before
      const auto a = scores_after.find(ahead), b = scores_after.find(behind);
      if (a == scores_after.end() || b == scores_after.end()) return std::nullopt;
      const double apart = std::abs(a->second - b->second) / std::max(a->second, b->second);
      const double allowed = noise_of(ahead) + noise_of(behind);
      if (apart > allowed) return std::nullopt;
      ties.push_back(fmt::format("{} and {} {:.1f}% apart, noise {:.1f}%", ahead, behind, 100 * apart, 100 * allowed));
    }
  }
  return fmt::format("{}", fmt::join(ties, "; "));
}

// What the stored scores are now, where the user saw others: the search's progress lines scored
// every variant against base as measured before the search; the confirmation measured base again,
// and every stored score (`analyze`, `generate`) is against that base. `; scores against base
// measured again: X 2.954 (2.448 in the search), ...; the 18 variants not confirmed x1.15 to x1.21
// of their search's score by the same base`.
std::string rescored(const std::map<std::string, double>& scores_before,
                     const std::map<std::string, double>& scores_after, const std::vector<std::string>& ranked_after) {
  std::vector<std::string> finalists;
  for (const auto& variant : ranked_after) {
    if (variant == "base" || scores_after.count(variant) == 0) continue;
    const auto before = scores_before.find(variant);
    finalists.push_back(
        before == scores_before.end()
            ? fmt::format("{} {:.3f} (unranked in the search)", variant, scores_after.at(variant))
            : fmt::format("{} {:.3f} ({:.3f} in the search)", variant, scores_after.at(variant), before->second));
  }
  if (finalists.empty()) return "";
  double low = INFINITY, high = 0;
  std::size_t others = 0;
  for (const auto& [variant, score] : scores_after) {
    const auto before = scores_before.find(variant);
    if (variant == "base" || before == scores_before.end() || before->second <= 0 ||
        std::find(ranked_after.begin(), ranked_after.end(), variant) != ranked_after.end()) {
      continue;
    }
    ++others;
    low = std::min(low, score / before->second);
    high = std::max(high, score / before->second);
  }
  std::string text = fmt::format("; scores against base measured again: {}", fmt::join(finalists, ", "));
  if (others == 0) return text;
  const std::string factor = fmt::format("{:.2f}", low) == fmt::format("{:.2f}", high)
                                 ? fmt::format("x{:.2f}", low)
                                 : fmt::format("x{:.2f} to x{:.2f}", low, high);
  return text + fmt::format("; the {} variant{} not confirmed {} of {} search's score by the same base", others,
                            others == 1 ? "" : "s", factor, others == 1 ? "its" : "their");
}

std::vector<const Measurement*> pointers_to(const std::vector<Measurement>& rows) {
  std::vector<const Measurement*> pointers;
  for (const auto& row : rows) pointers.push_back(&row);
  return pointers;
}

}  // namespace

std::vector<std::string> pick_finalists(const std::vector<const Measurement*>& rows, const DeclaredAxes& declared,
                                        std::size_t count) {
  const ScoredWorkload scored = score_workload(rows, declared);
  if (!scored.problem.empty() || count == 0) return {};
  std::vector<std::string> finalists{"base"};
  for (const auto& score : scored.ranked) {
    if (score.variant != "base" && finalists.size() <= count) finalists.push_back(score.variant);
  }
  if (finalists.size() == 1) return {};
  const auto extra = fastest_elsewhere(rows, scored, finalists);
  finalists.insert(finalists.end(), extra.begin(),
                   extra.begin() + static_cast<std::ptrdiff_t>(std::min(extra.size(), count)));
  return finalists;
}

std::vector<std::string> round_order(const std::vector<std::string>& finalists, std::size_t round) {
  std::vector<std::string> order = finalists;
  if (round % 2 == 1) std::reverse(order.begin(), order.end());
  return order;
}

std::vector<Measurement> pool_rounds(const std::vector<std::vector<Measurement>>& runs) {
  const std::size_t rounds = runs.size();
  std::vector<Measurement> pooled;
  for (const auto& run : runs) {
    // A run that produced no state (a crash, a timeout) stands for every runtime workload.
    if (run.size() == 1 && run.front().rt_workload.empty() && run.front().status != Status::ok) {
      pooled = {run.front()};
      pooled.front().confirmed_rounds = static_cast<std::int64_t>(rounds);
      return pooled;
    }
  }
  std::vector<RuntimeKey> order;
  std::map<RuntimeKey, std::vector<const Measurement*>> by_key;
  for (const auto& run : runs) {
    for (const auto& row : run) {
      auto& rows = by_key[{row.entry, row.rt_workload}];
      if (rows.empty()) order.emplace_back(row.entry, row.rt_workload);
      rows.push_back(&row);
    }
  }
  for (const auto& key : order) {
    pooled.push_back(pooled_row(by_key.at(key), rounds));
    pooled.back().confirmed_rounds = static_cast<std::int64_t>(rounds);
  }
  return pooled;
}

double round_noise(const std::vector<std::vector<Measurement>>& runs) {
  std::map<RuntimeKey, std::vector<double>> medians;
  for (const auto& run : runs) {
    for (const auto& row : run) {
      if (row.status == Status::ok && row.statistics.median > 0)
        medians[{row.entry, row.rt_workload}].push_back(row.statistics.median);
    }
  }
  double noise = 0;
  for (const auto& [key, values] : medians) {
    if (values.size() < 2) continue;
    double mean = 0;
    for (const double value : values) mean += value;
    mean /= static_cast<double>(values.size());
    double squares = 0;
    for (const double value : values) squares += (value - mean) * (value - mean);
    const double n = static_cast<double>(values.size());
    noise = std::max(noise, std::sqrt(squares / (n - 1)) / mean / std::sqrt(n));
  }
  return noise;
}

std::string describe_confirmation(const std::vector<const Measurement*>& before,
                                  const std::vector<const Measurement*>& after,
                                  const std::vector<std::string>& finalists, const DeclaredAxes& declared,
                                  std::size_t rounds, const std::map<std::string, double>& noise) {
  const auto scores_before = scores_of(score_workload(before, declared));
  const auto scores_after = scores_of(score_workload(after, declared));
  const auto ranked_before = ranking(finalists, scores_before);
  const auto ranked_after = ranking(finalists, scores_after);
  const std::string winner_before = winner_among(before, finalists, declared);
  const std::string winner_after = winner_among(after, finalists, declared);
  const std::string details =
      fastest_changes(before, after, finalists) + rescored(scores_before, scores_after, ranked_after);
  if (ranked_before == ranked_after) {
    return fmt::format("confirmation: ranking held (base and {} finalists, {} interleaved rounds; winner {}){}",
                       finalists.size() - 1, rounds, winner_after, details);
  }
  const std::string winner =
      winner_after == winner_before ? "winner still " + winner_after : "winner now " + winner_after;
  if (const auto ties = swaps_within_noise(ranked_before, ranked_after, scores_after, noise)) {
    return fmt::format(
        "confirmation: ranking held within the rounds' noise ({}; base and {} finalists, {} interleaved "
        "rounds; {}){}",
        *ties, finalists.size() - 1, rounds, winner, details);
  }
  std::vector<std::string> moves;
  for (std::size_t i = 0; i < ranked_after.size(); ++i) {
    const std::string& variant = ranked_after[i];
    if (ranked_before[i] == variant || variant == "base") continue;  // base scores 1 always
    moves.push_back(fmt::format("{} was {}, now {}", variant, score_text(scores_before, variant),
                                score_text(scores_after, variant)));
  }
  return fmt::format("confirmation: ranking changed: {}; {}{}", fmt::join(moves, "; "), winner, details);
}

std::optional<std::string> confirm_workload(ResultsStore& store, const ConfirmationRequest& request,
                                            FinalistRunner& runner) {
  const ConfirmationSettings& settings = request.settings;
  if (settings.finalists == 0 || settings.rounds == 0) return std::nullopt;
  const std::vector<Measurement> before = store.measurements(request.scope);
  const bool confirmed_before =
      std::any_of(before.begin(), before.end(), [](const Measurement& row) { return row.confirmed_rounds > 0; });
  if (confirmed_before && !request.measured_now) return std::nullopt;
  const std::vector<std::string> finalists = pick_finalists(pointers_to(before), request.declared, settings.finalists);
  if (finalists.empty()) return std::nullopt;
  const std::set<std::string> names(finalists.begin(), finalists.end());
  const bool all_confirmed = std::all_of(before.begin(), before.end(), [&](const Measurement& row) {
    return names.count(row.variant) == 0 || row.confirmed_rounds > 0;
  });
  if (all_confirmed) return std::nullopt;

  std::string why;
  if (!runner.prepare(std::vector<std::string>(finalists.begin() + 1, finalists.end()), why)) {
    return "confirmation: not done: " + why;
  }
  std::map<std::string, std::vector<std::vector<Measurement>>> runs;
  for (std::size_t round = 0; round < settings.rounds; ++round) {
    for (const auto& variant : round_order(finalists, round)) runs[variant].push_back(runner.run(variant));
  }
  std::map<std::string, double> noise;
  for (const auto& [variant, rounds_run] : runs) noise[variant] = round_noise(rounds_run);
  const std::string recorded_at = utc_timestamp();  // one confirmation, one time
  std::vector<Measurement> writes;
  std::vector<std::string> unconfirmed;
  for (const auto& variant : finalists) {
    // A run without rows is the machine's fault (the binary vanished): no round of it is pooled,
    // and the finalist keeps its search's rows, unconfirmed.
    const auto& rounds_run = runs.at(variant);
    if (std::any_of(rounds_run.begin(), rounds_run.end(), [](const auto& run) { return run.empty(); })) {
      unconfirmed.push_back(variant);
      continue;
    }
    for (auto& row : pool_rounds(rounds_run)) {
      if (variant == "base" && row.status != Status::ok && row.status != Status::skipped) {
        return fmt::format("confirmation: not done: base: {}: {}", to_string(row.status), row.reason);
      }
      row.recorded_at = recorded_at;
      writes.push_back(std::move(row));
    }
  }
  for (const auto& row : before) {  // an earlier confirmation's finalist that is none now
    if (row.confirmed_rounds > 0 && names.count(row.variant) == 0) {
      writes.push_back(row);
      writes.back().confirmed_rounds = 0;
    }
  }
  store.record(writes);
  const std::vector<Measurement> after = store.measurements(request.scope);
  const std::string said = describe_confirmation(pointers_to(before), pointers_to(after), finalists, request.declared,
                                                 settings.rounds, noise);
  if (unconfirmed.empty()) return said;
  return fmt::format("{}; not confirmed (not measured in every round): {}", said, fmt::join(unconfirmed, ", "));
}

}  // namespace policytune
