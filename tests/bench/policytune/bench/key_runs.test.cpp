// The keys in runs the by-key and run-length benchmarks generate (bench/policytune/bench/key_runs.hpp).
#include "policytune/bench/key_runs.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <set>

using namespace policytune::bench;

TEST_CASE("key runs are powers of two up to the maximum, and neighbouring runs differ", "[bench_check]") {
  for (std::uint64_t max_run : {1u, 4u, 8u, 2048u}) {
    std::set<std::uint64_t> lengths;
    std::uint64_t run = 0;
    std::uint64_t out_of_range = 0, same_as_previous_run = 0;
    for (std::uint64_t i = 0; i < 256 * key_runs::chunk; ++i) {
      const int key = key_runs::key_at(i, max_run);
      out_of_range += key < 0 || key >= 100;
      if (i > 0 && key == key_runs::key_at(i - 1, max_run)) {
        ++run;
      } else {
        if (i > 0) lengths.insert(run);
        run = 1;
      }
      // Every run starts with a key its predecessor does not have, also at a chunk's start.
      const bool starts_run = (i % key_runs::chunk) % key_runs::run_length(i, max_run) == 0;
      same_as_previous_run += starts_run && i > 0 && key == key_runs::key_at(i - 1, max_run);
    }
    CHECK(out_of_range == 0);
    CHECK(same_as_previous_run == 0);
    lengths.insert(run);
    INFO("max_run " << max_run);
    CHECK(*lengths.rbegin() <= max_run);
    for (std::uint64_t length : lengths) CHECK((length & (length - 1)) == 0);
    // Over 256 chunks every length the maximum allows appears.
    CHECK(*lengths.rbegin() == max_run);
  }
}
