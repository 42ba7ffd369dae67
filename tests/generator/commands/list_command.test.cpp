#include <catch2/catch.hpp>

#include "commands/command.hpp"
#include "support/command_run.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;
using testing::run_policytune_here;

TEST_CASE("list shows a benchmark's space: its size, its ranges, its constraints and how it is verified",
          "[list_command]") {
  const auto tiny = run_policytune_here({"list", testing::kTinyBenchmark});
  CHECK(tiny.exit_code == 0);
  CHECK_THAT(tiny.out, Catch::StartsWith("`tiny.sum`: ") && Catch::Contains(" variants\n  * `"));
  const auto constrained = run_policytune_here({"list", POLICYTUNE_TEST_DATA "/search/bench/constrained/sum.cpp"});
  CHECK(constrained.exit_code == 0);
  // 4 x 4 values; a * b <= 4 and the second constraint leave 6 of them.
  CHECK(constrained.out ==
        "`constrained.sum`: 16 variants\n"
        "  * `a` TUNE_A 1:4:1\n"
        "  * `b` TUNE_B 1:4:1\n"
        "  * constraint (line 6): a * b <= 4\n"
        "  * constraint (line 7): a != 3 && !(a == 4 && b == 1)\n"
        "  6 variants satisfy the constraints (device limits not applied)\n"
        "  verified: its own check (state.verify_with, sum.cpp:23)\n");
}

TEST_CASE("list --names prints each benchmark's name only", "[list_command]") {
  const auto names =
      run_policytune_here({"list", "--names", testing::kTinyBenchmark, POLICYTUNE_SOURCE_DIR "/bench/reduce/sum.cu"});
  CHECK(names.exit_code == 0);
  CHECK(names.out == "tiny.sum\nreduce.sum\n");
}

TEST_CASE("list needs a file, and a bad %RANGE% is one error line", "[list_command]") {
  const auto none = run_policytune_here({"list"});
  CHECK(none.exit_code == 2);
  CHECK(testing::lines_of(none.err).size() == 1);
  const auto bad = run_policytune_here({"list", POLICYTUNE_TEST_DATA "/spaces/bad_step.cu"});
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::StartsWith("policytune: error: ") &&
                          Catch::EndsWith("bad_step.cu:4: %RANGE% step must be positive, got 0\n"));
}
