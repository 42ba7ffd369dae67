// RunLog is what building and running tell whoever follows them: the contract every log keeps
// (here through StreamRunLog, the one the stages print to).
#include "run/run_log.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <thread>
#include <vector>

#include "run/stream_run_log.hpp"

using namespace policytune;

TEST_CASE("a run log sums build and run time, from lanes that measure at once", "[run_log]") {
  std::FILE* stream = std::tmpfile();
  REQUIRE(stream != nullptr);
  StreamRunLog progress(stream, ProgressStyle::lines);
  RunLog& log = progress;
  log.add_build_time(1.5);
  log.add_build_time(0.25);
  std::vector<std::thread> lanes;
  for (int lane = 0; lane < 4; ++lane) {
    lanes.emplace_back([&log] {
      for (int i = 0; i < 1000; ++i) log.add_run_time(0.5);
    });
  }
  for (auto& lane : lanes) lane.join();
  CHECK(progress.build_seconds() == 1.75);
  CHECK(progress.run_seconds() == 2000.0);  // no addition lost between lanes
  CHECK(std::ftell(stream) == 0);           // times are summed, not printed
  std::fclose(stream);
}
