#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "search/search_strategy.hpp"

namespace policytune {

// A generational genetic algorithm in the style of Kernel Tuner's and CUB's tuners: a population
// of random points, then generations of children, each from two parents chosen by rank, by
// uniform crossover and per-axis mutation; the best of parents and children survive. A
// generation is proposed as one batch where the caller allows.
struct GeneticAlgorithmSettings {
  std::size_t population = 10;  // small, for budgets of a few hundred (Kernel Tuner uses 20)
  double crossover = 0.9;       // chance a child mixes two parents (else it copies one)
  double mutation = 0.1;        // chance each axis of a child changes (at least one change if the child is a copy)
  double adjacent = 0.5;        // a mutation moves to the next value with this chance, else to any
};

std::unique_ptr<SearchStrategy> make_genetic_algorithm(const StrategySpace& space, std::optional<std::uint64_t> budget,
                                                       std::uint64_t seed,
                                                       const GeneticAlgorithmSettings& settings = {});

}  // namespace policytune
