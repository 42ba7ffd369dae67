// The render stage's entry on the tiny host benchmark: a header of the library's defaults, of a
// database's winners, and the inputs a header must not be written over.
#include "render/generate.hpp"

#include <catch2/catch.hpp>

#include <string>

#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "store/results_database.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

namespace {

const std::string kGenerateBenchmark = POLICYTUNE_TEST_DATA "/search/bench/tiny/sum.cpp";
const std::string kGenerateTemplate = POLICYTUNE_SOURCE_DIR "/tests/downstream/tiny_sum.mustache";

GenerateOptions tiny_generate(const testing::TemporaryDirectory& directory, const std::string& header) {
  GenerateOptions options;
  options.database = directory.file("results.db");
  options.benchmark = kGenerateBenchmark;
  options.template_paths = {kGenerateTemplate};
  options.output = directory.file(header);
  return options;
}

}  // namespace

TEST_CASE("generate renders base's policy where nothing is measured, tuned or not", "[generate]") {
  testing::TemporaryDirectory directory("generate");
  GenerateOptions base = tiny_generate(directory, "base.hpp");
  base.mode = RenderMode::base;
  run_generate(base);
  const std::string defaults = read_text_file(base.output);
  CHECK_THAT(defaults, Catch::Contains("static constexpr int unroll = 1;"));

  // Tuned from a database that holds nothing of the benchmark: the same policies, and a note.
  { ResultsDatabase(directory.file("results.db"), ResultsDatabase::Mode::create_if_missing); }
  GenerateOptions tuned = tiny_generate(directory, "tuned.hpp");
  run_generate(tuned);
  CHECK_THAT(read_text_file(tuned.output), Catch::Contains("static constexpr int unroll = 1;"));
}

TEST_CASE("generate refuses a header that would overwrite one of its inputs", "[generate]") {
  testing::TemporaryDirectory directory("generate");
  GenerateOptions options = tiny_generate(directory, "unused.hpp");
  options.mode = RenderMode::base;
  options.output = kGenerateTemplate;
  CHECK_THROWS_AS(run_generate(options), UserError);
  CHECK_THAT(read_text_file(kGenerateTemplate), Catch::StartsWith("{{! policytune-template 1 }}"));
}

TEST_CASE("generate with a --dispatch axis no results can tell renders one range per workload", "[generate]") {
  testing::TemporaryDirectory directory("generate");
  GenerateOptions options = tiny_generate(directory, "dispatch.hpp");
  options.mode = RenderMode::base;
  options.dispatch = DispatchOptions{"NoSuchAxis", 3, 0.02, {}};
  run_generate(options);  // base mode reads no results: only a note, and one range per workload
  CHECK_THAT(read_text_file(options.output), Catch::Contains("unroll = 1"));
}
