#include "hub_renderer.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>

#include "support/recorded_results.hpp"
#include "support/temporary_directory.hpp"
#include "results_database.hpp"
#include "text_input.hpp"
#include "user_error.hpp"

using namespace policytune;

namespace {

const std::string kReduceTemplate = POLICYTUNE_SOURCE_DIR "/templates/reduce.mustache";
const std::string kTransposeTemplate = POLICYTUNE_SOURCE_DIR "/templates/transpose.mustache";
const std::string kGolden = POLICYTUNE_TEST_DATA "/hubs/golden/";

struct Rendered {
  std::string text;
  std::vector<ArchitecturePolicies> architectures;
};

Rendered render(const std::vector<Measurement>& rows, const std::string& source, const std::string& template_path,
                RenderMode mode = RenderMode::tuned, std::vector<std::string> archs = {"80", "90", "100"}) {
  const std::string text = read_text_file(source);
  const SearchSpace space = parse_search_space(text, source);
  HubRequest request;
  request.benchmark = source.find("reduce") != std::string::npos ? "reduce.sum" : "transpose.blocked";
  request.name_space = "policytune::tests";
  request.database = "recorded.db";
  request.mode = mode;
  request.architectures = std::move(archs);
  request.test_variant = parse_test_variant(text, source, space);
  Rendered rendered;
  if (mode == RenderMode::tuned) {
    rendered.architectures = select_winners(rows, space, {request.benchmark, content_hash(text), DeviceMatch::exact, ""});
  }
  rendered.text = render_hub(load_policy_template(template_path), space, rendered.architectures, request);
  return rendered;
}

// Compares with a committed golden file; POLICYTUNE_UPDATE_GOLDEN=1 rewrites it instead.
void check_golden(const std::string& name, const std::string& text) {
  const std::string path = kGolden + name;
  if (std::getenv("POLICYTUNE_UPDATE_GOLDEN") != nullptr) std::ofstream(path, std::ios::binary) << text;
  CHECK(read_text_file(path) == text);
}

// The lines of one architecture's block: from its `// sm_NN:` line to the next block or the chain.
std::string block_of(const std::string& header, const std::string& arch) {
  const std::size_t start = header.find("  // sm_" + arch + ":");
  REQUIRE(start != std::string::npos);
  std::size_t stop = header.find("\n  // sm_", start + 1);
  stop = std::min(stop, header.find("\npublic:", start));
  return header.substr(start, stop - start);
}

}  // namespace

TEST_CASE("the CUDA reduce hub matches its golden file", "[generate]") {
  const auto recorded = testing::recorded_results();
  check_golden("reduce_hub.cuh", render(recorded.rows, recorded.reduce_source, kReduceTemplate).text);
}

TEST_CASE("the host transpose policies match their golden file", "[generate]") {
  const auto recorded = testing::recorded_results();
  check_golden("transpose_policy.hpp", render(recorded.rows, recorded.transpose_source, kTransposeTemplate).text);
}

TEST_CASE("base and test modes render without measurements", "[generate]") {
  const auto recorded = testing::recorded_results();
  check_golden("reduce_hub_base.cuh", render({}, recorded.reduce_source, kReduceTemplate, RenderMode::base).text);
  check_golden("reduce_hub_test.cuh", render({}, recorded.reduce_source, kReduceTemplate, RenderMode::test).text);
  const auto host_test = render({}, recorded.transpose_source, kTransposeTemplate, RenderMode::test).text;
  CHECK_THAT(host_test, Catch::Contains("static constexpr int tile   = 1 << 4;"));
}

TEST_CASE("winners beat base by more than noise; otherwise base stays", "[generate]") {
  const auto recorded = testing::recorded_results();
  const auto rendered = render(recorded.rows, recorded.reduce_source, kReduceTemplate);
  REQUIRE(rendered.architectures.size() == 2);
  const auto& sm90 = rendered.architectures[1];
  CHECK(sm90.architecture == "90");
  std::map<std::string, std::string> winners;
  for (const auto& policy : sm90.workloads) winners[policy.ct_workload] = policy.variant_name;
  CHECK(winners == std::map<std::string, std::string>{
                       {"T{ct}=I32,OffsetT{ct}=U32", "base"},
                       {"T{ct}=F32,OffsetT{ct}=U32", "ipt_16.tpb_512.ipv_1"},
                       {"T{ct}=F64,OffsetT{ct}=U32", "base"}});
  const auto& sm80 = rendered.architectures[0];
  CHECK(sm80.workloads.at(0).variant_name == "ipt_20.tpb_256.ipv_2");
}

TEST_CASE("the same database gives the same bytes", "[generate]") {
  const auto recorded = testing::recorded_results();
  testing::TemporaryDirectory directory("generate");
  const std::string path = directory.file("recorded.db");
  {
    ResultsDatabase database(path, ResultsDatabase::Mode::create_if_missing);
    database.record(recorded.rows);
  }
  ResultsDatabase database(path, ResultsDatabase::Mode::must_exist);
  const auto stored = database.measurements();
  const auto first = render(stored, recorded.reduce_source, kReduceTemplate).text;
  CHECK(render(stored, recorded.reduce_source, kReduceTemplate).text == first);
  CHECK(render(recorded.rows, recorded.reduce_source, kReduceTemplate).text == first);
}

TEST_CASE("data for a new architecture adds a link and leaves the others' blocks unchanged", "[generate]") {
  const auto only_sm80 = testing::recorded_results({"80"});
  const auto both = testing::recorded_results({"80", "90"});
  const auto before = render(only_sm80.rows, only_sm80.reduce_source, kReduceTemplate).text;
  const auto after = render(both.rows, both.reduce_source, kReduceTemplate).text;
  CHECK(block_of(before, "80") == block_of(after, "80"));
  CHECK(before.find("struct Policy900") == std::string::npos);
  CHECK(after.find("struct Policy900") != std::string::npos);
  CHECK_THAT(before, Catch::Contains("// sm_90: no measurements; served by the nearest lower link"));
}

TEST_CASE("inputs are validated before they reach C++ text", "[generate]") {
  const auto recorded = testing::recorded_results();
  const std::string text = read_text_file(recorded.reduce_source);
  const SearchSpace space = parse_search_space(text, recorded.reduce_source);
  const auto policy_template = load_policy_template(kReduceTemplate);
  HubRequest request{"reduce.sum", "ok", "x.db", RenderMode::base, {"90"}, std::nullopt};
  for (const std::string bad : {"a b", "a;b", "::a", "a::", "1a", "a::b-c", ""}) {
    request.name_space = bad;
    CHECK_THROWS_AS(render_hub(policy_template, space, {}, request), UserError);
  }
  request.name_space = "ok";
  request.architectures = {"90; int x"};
  CHECK_THROWS_AS(render_hub(policy_template, space, {}, request), UserError);
  // A device name that tries to end the comment line is defused.
  auto rows = recorded.rows;
  for (auto& row : rows) row.device.name = "evil\n#define X \\";
  const auto rendered = render(rows, recorded.reduce_source, kReduceTemplate).text;
  CHECK(rendered.find("\n#define") == std::string::npos);
  CHECK(rendered.find("\\\n") == std::string::npos);
  // An unknown compile-time label has no C++ spelling.
  for (auto& row : rows) row.ct_workload = "T{ct}=Q7,OffsetT{ct}=U32";
  CHECK_THROWS_WITH(render(rows, recorded.reduce_source, kReduceTemplate),
                    Catch::Contains("no C++ type for the compile-time label 'Q7'"));
}

TEST_CASE("several devices of one architecture need a choice or a nearest match", "[generate]") {
  auto recorded = testing::recorded_results({"90"});
  auto rows = recorded.rows;
  for (auto row : recorded.rows) {
    row.device.name = "Another GPU";
    rows.push_back(row);
  }
  const std::string text = read_text_file(recorded.reduce_source);
  const SearchSpace space = parse_search_space(text, recorded.reduce_source);
  WinnerOptions options{"reduce.sum", content_hash(text), DeviceMatch::exact, ""};
  CHECK_THROWS_WITH(select_winners(rows, space, options), Catch::Contains("several devices measured sm_90"));
  options.device = "Another GPU";
  CHECK(select_winners(rows, space, options).at(0).device_note == "measured on Another GPU");
  options.device = "Unmeasured GPU";
  CHECK(select_winners(rows, space, options).empty());
  options.match = DeviceMatch::nearest;
  const auto nearest = select_winners(rows, space, options);
  REQUIRE(nearest.size() == 1);
  CHECK_THAT(nearest[0].device_note, Catch::Contains("nearest match: measured on Another GPU, not on Unmeasured GPU"));
}
