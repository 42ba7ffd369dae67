#include "render/hub_renderer.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

// The golden host hubs, compiled: their selectors are checked against the selection below.
#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "data/hubs/golden/plain_scale_policy.hpp"
#include "data/hubs/golden/plain_scale_policy_dispatch.hpp"
#include "data/hubs/golden/radix_sort_policy.hpp"
#include "select/select_winners.hpp"
#include "store/results_database.hpp"
#include "support/recorded_results.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

namespace {

const std::string kReduceTemplate = POLICYTUNE_SOURCE_DIR "/templates/reduce.mustache";
const std::string kReduceSelectorTemplate = POLICYTUNE_SOURCE_DIR "/templates/reduce_selector.mustache";
const std::string kTransposeTemplate = POLICYTUNE_SOURCE_DIR "/templates/transpose.mustache";
const std::string kPlainTemplate = POLICYTUNE_TEST_DATA "/hubs/templates/plain_scale.mustache";
const std::string kGolden = POLICYTUNE_TEST_DATA "/hubs/golden/";

struct Rendered {
  std::string text;
  std::vector<ArchitecturePolicies> architectures;
};

Rendered render(const std::vector<Measurement>& rows, const std::string& source, const std::string& template_path,
                RenderMode mode = RenderMode::tuned, std::vector<std::string> archs = {"80", "90", "100"},
                const std::string& dispatch_axis = "") {
  const std::string text = read_text_file(source);
  const SearchSpace space = parse_search_space(text, source);
  HubRequest request;
  request.benchmark = source.find("reduce") != std::string::npos ? "reduce.sum" : "transpose.blocked";
  // Its own namespace with --dispatch, so that tests/cuda/hub_selection.cu compiles both reduce hubs.
  request.name_space = dispatch_axis.empty() ? "policytune::tests" : "policytune::tests::by_size";
  request.database = "recorded.db";
  request.mode = mode;
  request.architectures = std::move(archs);
  request.test_variant = parse_test_variant(text, source, space);
  request.dispatch_axis = dispatch_axis;
  Rendered rendered;
  if (mode == RenderMode::tuned) {
    WinnerOptions options{request.benchmark, content_hash(text), DeviceMatch::exact, "", std::nullopt};
    if (!dispatch_axis.empty()) options.dispatch = DispatchOptions{dispatch_axis, 3, 0.02, {}};
    rendered.architectures = select_winners(rows, space, options);
  }
  rendered.text = render_hub(load_policy_template(template_path), space, rendered.architectures, request);
  return rendered;
}

// Compares with a committed golden file. POLICYTUNE_UPDATE_GOLDEN=1 rewrites a golden that differs,
// and the check still fails: a run that changed goldens is never green, and the next run (without
// the variable) shows whether the rewritten ones hold.
void check_golden(const std::string& name, const std::string& text) {
  const std::string path = kGolden + name;
  const bool matches = std::filesystem::exists(path) && read_text_file(path) == text;
  if (!matches && std::getenv("POLICYTUNE_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(path, std::ios::binary) << text;
    FAIL_CHECK("golden " << path << " rewritten: review the change, then run again without POLICYTUNE_UPDATE_GOLDEN");
    return;
  }
  INFO("golden " << path);
  REQUIRE(std::filesystem::exists(path));
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

TEST_CASE("one database renders both CUDA formats: a ChainedPolicy hub and a policy selector", "[generate]") {
  const auto recorded = testing::recorded_results();
  const auto selector = render(recorded.rows, recorded.reduce_source, kReduceSelectorTemplate).text;
  check_golden("reduce_selector.cuh", selector);
  // The same winners as the chained hub, as values CCCL 3.5's DeviceReduce takes with cuda::execution::tune.
  CHECK_THAT(selector,
             Catch::Contains("struct sm80<::policytune::hub::workload_key<::std::int32_t, ::std::uint32_t>, Unused>"));
  CHECK_THAT(selector, Catch::Contains("scale_mem_bound(512, 16, int{sizeof(AccumT)})"));
  CHECK_THAT(selector,
             Catch::Contains(
                 "__host__ __device__ constexpr auto operator()(::cuda::compute_capability cc) const -> policy_type"));
  CHECK_THAT(selector, Catch::Contains("return default_selector{}(cc);"));
  const auto sized = testing::recorded_size_dependent_results();
  const auto by_size =
      render(sized.rows, sized.reduce_source, kReduceSelectorTemplate, RenderMode::tuned, {"80", "90"}, "Elements{io}");
  check_golden("reduce_selector_dispatch.cuh", by_size.text);
  CHECK_THAT(by_size.text, Catch::Contains("select_range([[maybe_unused]] ::cuda::compute_capability cc"));
}

TEST_CASE("non-type hub parameters, and policies keyed on a trait of a type", "[generate]") {
  const auto recorded = testing::recorded_results();
  const auto traits =
      render(recorded.rows, recorded.reduce_source, POLICYTUNE_TEST_DATA "/hubs/templates/reduce_traits.mustache").text;
  check_golden("reduce_hub_traits.cuh", traits);
  CHECK_THAT(traits, Catch::Contains("template <class AccumT, class OffsetT, class ReductionOpT, bool Deterministic>"));
  CHECK_THAT(traits, Catch::Contains("using key         = ::policytune::hub::workload_key<AccumT, "
                                     "::policytune::hub::value_key<(sizeof(OffsetT))>>;"));
  CHECK_THAT(traits,
             Catch::Contains("workload_key<::std::int32_t, ::policytune::hub::value_key<(sizeof(::std::uint32_t))>>"));
}

TEST_CASE("type classes: a class whose measured types agree serves every type of its size", "[generate][classes]") {
  const auto recorded = testing::recorded_class_results();
  const std::string classes = POLICYTUNE_TEST_DATA "/hubs/templates/reduce_classes.mustache";
  const std::string hub = render(recorded.rows, recorded.reduce_source, classes).text;
  check_golden("reduce_hub_classes.cuh", hub);
  CHECK_THAT(hub, Catch::Contains("  using class_key   = ::policytune::hub::workload_key<::policytune::hub::value_key<("
                                  "sizeof(AccumT))>, OffsetT>;"));
  const std::string four = "::policytune::hub::value_key<::cuda::std::size_t{4}>";
  const std::string sm90 = block_of(hub, "90");
  // 4-byte accumulators with 32-bit offsets: I32 and F32 agree; with 64-bit offsets I32 alone.
  CHECK_THAT(sm90, Catch::Contains("// class sizeof(AccumT)=4, OffsetT=U32: T{ct}=I32, T{ct}=F32 measured to agree: "
                                   "ipt_16.tpb_512.ipv_1"));
  CHECK_THAT(sm90, Catch::Contains("struct sm90_class<::policytune::hub::workload_key<" + four +
                                   ", ::std::uint32_t>, Unused>"));
  CHECK_THAT(sm90, Catch::Contains("struct sm90_class<::policytune::hub::workload_key<" + four +
                                   ", ::std::uint64_t>, Unused>"));
  CHECK_THAT(sm90, Catch::Contains("// class sizeof(AccumT)=8, OffsetT=U32: no class policy, its measured members "
                                   "disagree (T{ct}=F64: ipt_7.tpb_128.ipv_1; T{ct}=I64: ipt_16.tpb_512.ipv_1)"));
  CHECK_THAT(sm90, Catch::Contains("// class sizeof(AccumT)=12, OffsetT=U32: no class policy, T{ct}=V3 measured to "
                                   "agree on base"));
  CHECK_THAT(sm90, Catch::Contains("// T{ct}=C32,OffsetT{ct}=U32: no class policy, the size of C32 is unknown"));
  CHECK_THAT(sm90, !Catch::Contains("size_t{8}") && !Catch::Contains("size_t{12}") && !Catch::Contains("size_t{2}"));
  // Exact links stay, C32's too; the chain's primary falls back to the class, then the library.
  CHECK_THAT(sm90, Catch::Contains("struct sm90<::policytune::hub::workload_key<::cuda::std::complex<float>, "
                                   "::std::uint32_t>, Unused>"));
  CHECK_THAT(sm90, Catch::Contains("struct sm90 : sm90_class<class_key>"));
  // sm_80: I32 and F32 won different variants: no class link.
  const std::string sm80 = block_of(hub, "80");
  CHECK_THAT(sm80, !Catch::Contains("struct sm80_class<::policytune::hub::workload_key<"));
  CHECK_THAT(sm80, Catch::Contains("// class sizeof(AccumT)=4, OffsetT=U32: no class policy, its measured members "
                                   "disagree (T{ct}=I32: ipt_20.tpb_256.ipv_2; T{ct}=F32: ipt_12.tpb_384.ipv_1)"));
  // sm_100 borrows sm_90's winners, its classes too.
  CHECK_THAT(block_of(hub, "100"), Catch::Contains("struct sm100_class<::policytune::hub::workload_key<" + four));

  // With --dispatch: the class's ranges and its selector serve a 4-byte type without its own.
  const auto by_size =
      render(recorded.rows, recorded.reduce_source, classes, RenderMode::tuned, {"80", "90"}, "Elements{io}");
  check_golden("reduce_hub_classes_dispatch.cuh", by_size.text);
  const std::string ranged = block_of(by_size.text, "90");
  CHECK_THAT(ranged, Catch::Contains("struct sm90_class<::policytune::hub::workload_key<" + four +
                                     ", ::std::uint32_t>, 1, Unused>"));
  CHECK_THAT(ranged, Catch::Contains("struct sm90_class_ranges<::policytune::hub::workload_key<" + four +
                                     ", ::std::uint32_t>, Unused>"));
  CHECK_THAT(ranged, Catch::Contains("struct sm90_ranges : sm90_class_ranges<class_key>"));
}

TEST_CASE("the host transpose policies match their golden file", "[generate]") {
  const auto recorded = testing::recorded_results();
  check_golden("transpose_policy.hpp", render(recorded.rows, recorded.transpose_source, kTransposeTemplate).text);
}

TEST_CASE("with --dispatch, workloads whose best policy changes with the size get a policy per range and a selector",
          "[generate][dispatch]") {
  const auto recorded = testing::recorded_size_dependent_results();
  const auto rendered =
      render(recorded.rows, recorded.reduce_source, kReduceTemplate, RenderMode::tuned, {"80", "90"}, "Elements{io}");
  check_golden("reduce_hub_dispatch.cuh", rendered.text);
  REQUIRE(rendered.architectures.size() == 2);
  const auto& sm80 = rendered.architectures[0].workloads;
  const auto& sm90 = rendered.architectures[1].workloads;
  REQUIRE(sm80.size() == 1);
  REQUIRE(sm90.size() == 2);
  // sm_80 F32: base, then ipt_7, then ipt_16, each where it is fastest.
  REQUIRE(sm80[0].ranges);
  CHECK(sm80[0].ranges->ranges.size() == 3);
  CHECK_FALSE(sm80[0].ranges->ranges[0].variant);
  CHECK(sm80[0].ranges->cuts == std::vector<std::int64_t>{1 << 18, 1 << 22});
  // sm_90 F32 in two ranges, split between 2^20 and 2^24; I32's best is the same everywhere: one policy.
  const auto& f32 = sm90[0].ct_workload.starts_with("T{ct}=F32") ? sm90[0] : sm90[1];
  const auto& i32 = sm90[0].ct_workload.starts_with("T{ct}=I32") ? sm90[0] : sm90[1];
  REQUIRE(f32.ranges);
  CHECK(f32.ranges->cuts == std::vector<std::int64_t>{1 << 22});
  CHECK(f32.ranges->ranges[0].range.variant == "ipt_7.tpb_128.ipv_1");
  CHECK(f32.ranges->ranges[1].range.variant == "ipt_16.tpb_512.ipv_1");
  CHECK_FALSE(i32.ranges);
  CHECK(i32.variant_name == "ipt_16.tpb_512.ipv_1");
  CHECK_THAT(i32.dispatch_verdict, Catch::Contains("is best on every Elements{io}"));
  CHECK_THAT(rendered.text,
             Catch::Contains("//   dispatch: one policy: ipt_16.tpb_512.ipv_1 is best on every Elements{io}"));
}

TEST_CASE("with --dispatch and no dispatch kept, the hub keeps the selector's shape with one range",
          "[generate][dispatch]") {
  const auto recorded = testing::recorded_results();
  const auto rendered =
      render(recorded.rows, recorded.reduce_source, kReduceTemplate, RenderMode::tuned, {"80", "90"}, "Elements{io}");
  for (const auto& architecture : rendered.architectures) {
    for (const auto& workload : architecture.workloads) CHECK_FALSE(workload.ranges);
  }
  CHECK_THAT(rendered.text,
             Catch::Contains("template <class AccumT, class OffsetT, class ReductionOpT, int Range = 0>"));
  CHECK_THAT(rendered.text,
             Catch::Contains("static constexpr int range_count = "
                             "::policytune::hub::most_ranges(1, sm80_ranges<key>::count, sm90_ranges<key>::count);"));
  CHECK(rendered.text.find("static constexpr int count = 1;") != std::string::npos);
  CHECK(rendered.text.find("static constexpr int count = 2;") == std::string::npos);
  // The base and test modes have no measurements: one range everywhere.
  const auto base = render({}, recorded.reduce_source, kReduceTemplate, RenderMode::base, {"90"}, "Elements{io}");
  CHECK_THAT(base.text, Catch::Contains("static constexpr int range_count = ::policytune::hub::most_ranges(1);"));
  // A selector takes the axis as a C++ parameter: the name must make one.
  CHECK_THROWS_WITH(render({}, recorded.reduce_source, kReduceTemplate, RenderMode::base, {"90"}, "{io}"),
                    Catch::Contains("does not name a runtime axis"));
}

namespace {

// The host example's recorded search (bench/radix_sort/host_keys.cpp on the CI machine;
// docs/guide/size-dispatch.md), selected with dispatch over Elements{io}.
struct HostDispatch {
  std::string source = POLICYTUNE_SOURCE_DIR "/bench/radix_sort/host_keys.cpp";
  std::string text = read_text_file(source);
  SearchSpace space = parse_search_space(text, source);
  std::vector<ArchitecturePolicies> architectures;

  HostDispatch() {
    // A copy: opening a database may change its journal mode, and the fixture must stay as committed.
    testing::TemporaryDirectory directory{"host-dispatch"};
    const auto copy = directory.path() / "radix_sort.host_keys.db";
    std::filesystem::copy_file(POLICYTUNE_TEST_DATA "/databases/radix_sort.host_keys.db", copy);
    ResultsDatabase database(copy.string(), ResultsDatabase::Mode::must_exist);
    WinnerOptions options{"radix_sort.host_keys", content_hash(text), DeviceMatch::exact, "",
                          DispatchOptions{"Elements{io}", 3, 0.02, {}}};
    architectures = select_winners(database.measurements(), space, options);
  }

  const WorkloadPolicy& workload(const std::string& ct_workload) const {
    REQUIRE(architectures.size() == 1);
    for (const auto& policy : architectures[0].workloads) {
      if (policy.ct_workload == ct_workload) return policy;
    }
    FAIL("no workload " << ct_workload);
    throw;
  }
};

// The range the selection assigns to a size: the one whose measured values contain it, or the
// nearest by ratio (the upper one on a tie).
std::size_t expected_range(const WorkloadRanges& ranges, double size) {
  const auto& axis = ranges.measured.axis;
  std::size_t best = 0;
  double best_distance = INFINITY;
  for (std::size_t r = 0; r < ranges.ranges.size(); ++r) {
    for (const auto& value : {ranges.ranges[r].range.first, ranges.ranges[r].range.last}) {
      const double distance = std::abs(std::log2(size) - std::log2(axis.runtime_value(value)));
      if (distance <= best_distance) best = r, best_distance = distance;
    }
  }
  return best;
}

// Checks a compiled selector and its policies against the selection, at every measured size, one
// below and one above every threshold, and far outside the measured sizes.
template <class Key, int Range = 0>
void check_selector(const WorkloadRanges& ranges) {
  using selector = examples::radix_sort::radix_sort_policy_ranges<Key>;
  REQUIRE(selector::count == static_cast<int>(ranges.ranges.size()));
  std::vector<double> sizes{1, 0x1p40};
  for (const auto& value : ranges.measured.axis.values) sizes.push_back(ranges.measured.axis.runtime_value(value));
  for (const auto cut : ranges.cuts) {
    sizes.push_back(static_cast<double>(cut) - 1);
    sizes.push_back(static_cast<double>(cut));
  }
  for (const double size : sizes) {
    INFO("size " << size);
    CHECK(selector::select(static_cast<std::int64_t>(size)) == static_cast<int>(expected_range(ranges, size)));
  }
  if constexpr (Range < 3) {
    if (Range < selector::count) {
      const auto& variant = ranges.ranges[Range].range.variant;
      const int bits = variant == "base" ? 8 : std::stoi(variant.substr(variant.find('_') + 1));
      CHECK(examples::radix_sort::radix_sort_policy<Key, Range>::radix_bits == bits);
      check_selector<Key, Range + 1>(ranges);
    }
  }
}

}  // namespace

TEST_CASE("the host radix sort's policies per size match their golden file", "[generate][dispatch]") {
  const HostDispatch host;
  HubRequest request{"radix_sort.host_keys", "examples::radix_sort", "radix_sort.host_keys.db", RenderMode::tuned, {},
                     std::nullopt,           "Elements{io}"};
  check_golden("radix_sort_policy.hpp",
               render_hub(load_policy_template(POLICYTUNE_SOURCE_DIR "/templates/radix_sort_host.mustache"), host.space,
                          host.architectures, request));
}

TEST_CASE("the compiled selector picks each size's range, and the nearest range outside them", "[generate][dispatch]") {
  const HostDispatch host;
  const auto& u32 = host.workload("T{ct}=U32");
  const auto& u64 = host.workload("T{ct}=U64");
  REQUIRE(u32.ranges);
  REQUIRE(u64.ranges);
  check_selector<std::uint32_t>(*u32.ranges);
  check_selector<std::uint64_t>(*u64.ranges);
  // Another key type was not measured: one range, the library's default.
  CHECK(examples::radix_sort::radix_sort_policy_ranges<std::uint16_t>::count == 1);
  CHECK(examples::radix_sort::radix_sort_policy_ranges<std::uint16_t>::select(1 << 20) == 0);
  CHECK(examples::radix_sort::radix_sort_policy<std::uint16_t>::radix_bits == 8);
}

TEST_CASE("base and test modes render without measurements", "[generate]") {
  const auto recorded = testing::recorded_results();
  const auto base = render({}, recorded.reduce_source, kReduceTemplate, RenderMode::base).text;
  check_golden("reduce_hub_base.cuh", base);
  CHECK(base.find("recorded.db") == std::string::npos);  // base mode reads no database: the header names none
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
  CHECK(winners == std::map<std::string, std::string>{{"T{ct}=I32,OffsetT{ct}=U32", "base"},
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
  const auto selector = render(stored, recorded.reduce_source, kReduceSelectorTemplate).text;
  CHECK(render(stored, recorded.reduce_source, kReduceSelectorTemplate).text == selector);
  CHECK(render(recorded.rows, recorded.reduce_source, kReduceSelectorTemplate).text == selector);
}

TEST_CASE("data for a new architecture adds a link and leaves the others' blocks unchanged", "[generate]") {
  const auto only_sm80 = testing::recorded_results({"80"});
  const auto both = testing::recorded_results({"80", "90"});
  const auto before = render(only_sm80.rows, only_sm80.reduce_source, kReduceTemplate).text;
  const auto after = render(both.rows, both.reduce_source, kReduceTemplate).text;
  CHECK(block_of(before, "80") == block_of(after, "80"));
  // Before sm_90 was measured, its link borrowed sm_80's winners over CUB's sm_90 policies; after,
  // it has its own.
  CHECK_THAT(before,
             Catch::Contains("// sm_90: no measurements; sm_80's winners, the library's sm_90 policy for the rest"));
  CHECK_THAT(before, Catch::Contains("using ReducePolicy = typename default_policy<900>::ReducePolicy;"));
  CHECK(after.find("// sm_90: no measurements") == std::string::npos);
  CHECK(after.find("struct Policy900") != std::string::npos);
}

TEST_CASE("an architecture below every measured one gets no link: the library's hub serves it", "[generate]") {
  const auto only_sm90 = testing::recorded_results({"90"});
  const auto text =
      render(only_sm90.rows, only_sm90.reduce_source, kReduceTemplate, RenderMode::tuned, {"80", "90"}).text;
  CHECK(text.find("struct Policy800") == std::string::npos);
  CHECK_THAT(text, Catch::Contains("// sm_80: no measurements, below every measured architecture: the library's hub."));
  CHECK_THAT(text, Catch::Contains("::cub::ChainedPolicy<900, Policy900, typename default_hub::MaxPolicy>"));
}

TEST_CASE("a header for a GPU whose architecture nobody measured says where its policies come from", "[generate]") {
  // generate --device "<new GPU>" --device-arch 100 --match nearest --archs 90,100,120
  const auto only_sm90 = testing::recorded_results({"90"});
  const std::string text = read_text_file(only_sm90.reduce_source);
  const SearchSpace space = parse_search_space(text, only_sm90.reduce_source);
  WinnerOptions options{"reduce.sum", content_hash(text), DeviceMatch::nearest,
                        "Synthetic GPU C (test data, never measured)"};
  options.device_architecture = "100";
  const auto architectures = select_winners(only_sm90.rows, space, options);
  HubRequest request{"reduce.sum",
                     "policytune::tests::new_gpu",
                     "recorded.db",
                     RenderMode::tuned,
                     {"90", "100", "120"},
                     std::nullopt,
                     ""};
  const std::string header = render_hub(load_policy_template(kReduceTemplate), space, architectures, request);
  check_golden("reduce_hub_new_gpu.cuh", header);
  const std::string stand_in =
      "sm_100: not measured on Synthetic GPU C (test data, never measured) or any other sm_100 device; tuned policies "
      "measured on Synthetic GPU B (test data) (sm_90), the nearest lower architecture, and the library's sm_100 "
      "policy "
      "for the rest";
  // Said at the top, before the includes, and on the link itself.
  CHECK(header.find("// " + stand_in + ".\n") < header.find("#pragma once"));
  const std::string sm100 = block_of(header, "100");
  CHECK(sm100.starts_with("  // " + stand_in + "\n"));
  CHECK_THAT(sm100, Catch::Contains("using ReducePolicy = typename default_policy<1000>::ReducePolicy;"));
  CHECK_THAT(sm100, Catch::Contains("ipt_16.tpb_512.ipv_1"));
  // An architecture above the stand-in is named after where the policies were measured.
  CHECK_THAT(header,
             Catch::Contains("// sm_120: no measurements; sm_90's winners, the library's sm_120 policy for the rest"));
  // A hub of measured architectures only has no such line.
  const auto measured =
      render(only_sm90.rows, only_sm90.reduce_source, kReduceTemplate, RenderMode::tuned, {"90"}).text;
  CHECK(measured.find("not measured on") == std::string::npos);
}

TEST_CASE("inputs are validated before they reach C++ text", "[generate]") {
  const auto recorded = testing::recorded_results();
  const std::string text = read_text_file(recorded.reduce_source);
  const SearchSpace space = parse_search_space(text, recorded.reduce_source);
  const auto policy_template = load_policy_template(kReduceTemplate);
  HubRequest request{"reduce.sum", "ok", "x.db", RenderMode::base, {"90"}, std::nullopt, ""};
  for (const std::string bad : {"a b", "a;b", "::a", "a::", "1a", "a::b-c", ""}) {
    request.name_space = bad;
    CHECK_THROWS_AS(render_hub(policy_template, space, {}, request), UserError);
  }
  request.name_space = "ok";
  request.architectures = {"90; int x"};
  CHECK_THROWS_AS(render_hub(policy_template, space, {}, request), UserError);
  // Texts that try to end their comment (a line break, a carriage return, `*/`, a trailing
  // backslash) stay comment text, wherever the model puts them.
  auto rows = recorded.rows;
  for (auto& row : rows) {
    row.device.name = "evil\r\n#define X */ \\";
    row.toolkit = "nvcc */ /* \\";
  }
  const auto rendered = render(rows, recorded.reduce_source, kReduceTemplate).text;
  CHECK(rendered.find("\n#define") == std::string::npos);
  CHECK(rendered.find("\\\n") == std::string::npos);
  CHECK(rendered.find("\r") == std::string::npos);
  CHECK(rendered.find("*/") == std::string::npos);
  CHECK(rendered.find("/*") == std::string::npos);
  CHECK_THAT(rendered, Catch::Contains("evil\\r\\n#define X * / \\x5c"));
  // An unknown compile-time label has no C++ spelling.
  for (auto& row : rows) row.ct_workload = "T{ct}=Q7,OffsetT{ct}=U32";
  CHECK_THROWS_WITH(render(rows, recorded.reduce_source, kReduceTemplate),
                    Catch::Contains("no C++ type for the compile-time label 'Q7'"));
}

TEST_CASE("test mode without a %TEST% line names the benchmark source", "[generate]") {
  const auto recorded = testing::recorded_results();
  const SearchSpace space = parse_search_space(read_text_file(recorded.reduce_source), recorded.reduce_source);
  HubRequest request{"reduce.sum", "ok", "x.db", RenderMode::test, {"90"}, std::nullopt, ""};
  CHECK_THROWS_WITH(
      render_hub(load_policy_template(kReduceTemplate), space, {}, request),
      recorded.reduce_source + ": test mode needs the benchmark's test variant (a `// %TEST% <variant>` line)");
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

  // --prefer: the first listed device that measured the architecture, with or without --device.
  const std::string& recorded_device = recorded.rows.at(0).device.name;
  options.preferred_devices = {"Unmeasured GPU", recorded_device, "Another GPU"};
  CHECK_THAT(select_winners(rows, space, options).at(0).device_note,
             Catch::Contains("nearest match: measured on " + recorded_device + ", not on Unmeasured GPU"));
  options.device = "";
  options.match = DeviceMatch::exact;
  CHECK(select_winners(rows, space, options).at(0).device_note == "measured on " + recorded_device);
  options.preferred_devices = {"Unmeasured GPU"};
  CHECK_THROWS_WITH(select_winners(rows, space, options), Catch::Contains("choose one with --device or --prefer"));
}

namespace {

// plain.scale, a benchmark without compile-time axes, rendered as `generate` would.
std::string render_plain(const std::string& name_space, const std::string& dispatch_axis,
                         RenderMode mode = RenderMode::tuned) {
  const auto recorded = testing::recorded_plain_results();
  const std::string text = read_text_file(recorded.plain_source);
  const SearchSpace space = parse_search_space(text, recorded.plain_source);
  HubRequest request{"plain.scale", name_space, "recorded.db",
                     mode,          {},         parse_test_variant(text, recorded.plain_source, space),
                     dispatch_axis};
  std::vector<ArchitecturePolicies> architectures;
  if (mode == RenderMode::tuned) {
    WinnerOptions options{"plain.scale", content_hash(text), DeviceMatch::exact, "", std::nullopt};
    if (!dispatch_axis.empty()) options.dispatch = DispatchOptions{dispatch_axis, 3, 0.02, {}};
    architectures = select_winners(recorded.rows, space, options);
  }
  return render_hub(load_policy_template(kPlainTemplate), space, architectures, request);
}

}  // namespace

// Both golden headers are compiled into this file (included at the top): a header that does not
// compile fails the build of the tests.
TEST_CASE("a benchmark without compile-time axes gets a plain struct holding its tuned policy", "[generate]") {
  const std::string header = render_plain("policytune::tests::plain", "");
  check_golden("plain_scale_policy.hpp", header);
  CHECK(header.find("template") == std::string::npos);
  CHECK_THAT(header, Catch::Contains("// all workloads: block_3, score "));
  CHECK(policytune::tests::plain::scale_policy::block == 3);
}

TEST_CASE("without compile-time axes, --dispatch gives a policy per Range and a plain selector",
          "[generate][dispatch]") {
  const std::string header = render_plain("policytune::tests::plain_by_size", "Elements{io}");
  check_golden("plain_scale_policy_dispatch.hpp", header);
  CHECK_THAT(header, Catch::Contains("template <int Range = 0>\nstruct scale_policy\n"));
  CHECK_THAT(header, Catch::Contains("template <>\nstruct scale_policy<1>\n"));
  CHECK_THAT(header, Catch::Contains("struct scale_policy_ranges\n{\n  static constexpr int count = 2;"));
  using namespace policytune::tests::plain_by_size;
  CHECK(scale_policy<scale_policy_ranges::select(1 << 8)>::block == 1);
  CHECK(scale_policy<scale_policy_ranges::select(1 << 12)>::block == 3);
  // Without measurements (base and test modes) the struct is the default's or the test variant's.
  for (const RenderMode mode : {RenderMode::base, RenderMode::test}) {
    for (const std::string axis : {"", "Elements{io}"}) {
      const std::string plain = render_plain("policytune::tests::plain_modes", axis, mode);
      CHECK_THAT(plain, Catch::Contains(mode == RenderMode::base ? "block = 2;" : "block = 3;"));
      CHECK(plain.find("scale_policy<") == std::string::npos);
    }
  }
}

namespace {

// reduce.mustache in `directory` with `{{! header: <skeleton> }}`, the skeleton written beside it.
std::string reduce_template_with_header(const testing::TemporaryDirectory& directory, const std::string& skeleton) {
  directory.write("header.mustache", skeleton);
  std::string text = read_text_file(kReduceTemplate);
  text.insert(text.find('\n') + 1, "{{! header: header.mustache }}\n");
  return directory.write("reduce.mustache", text);
}

}  // namespace

TEST_CASE("a template's own header: the formats' skeletons pass its checks; other names, partials do not",
          "[generate]") {
  testing::TemporaryDirectory directory("hub-header");
  const auto recorded = testing::recorded_results();
  // The built-in chained_policy skeleton as a template's own: every name it uses is the model's.
  const std::string own = reduce_template_with_header(
      directory, read_text_file(POLICYTUNE_SOURCE_DIR "/templates/formats/chained_policy.mustache"));
  CHECK(render(recorded.rows, recorded.reduce_source, own).text ==
        render(recorded.rows, recorded.reduce_source, kReduceTemplate).text);
  const auto header_error = [&](const std::string& skeleton) {
    const std::string path = reduce_template_with_header(directory, skeleton);
    try {
      render(recorded.rows, recorded.reduce_source, path);
    } catch (const UserError& error) {
      return std::to_string(error.line()) + ": " + error.message();
    }
    return std::string();
  };
  CHECK(header_error("{{{banner}}}\n{{#links}}{{links.arch}}{{primary_selector.count}}{{/links}}\n").empty());
  CHECK(header_error("{{{banner}}}\n{{#links}}\n{{hub}}\n{{/links}}\n") ==
        "3: the header names 'hub', which the hub model lacks (templates/README.md lists its names)");
  CHECK(header_error("{{=<% %>=}}\n<%&banner%>\n<%nosuch%>\n") ==
        "3: the header names 'nosuch', which the hub model lacks (templates/README.md lists its names)");
  CHECK(header_error("{{#links}}{{.}}{{/links}}\n") ==
        "1: the header names '.', which the hub model lacks (templates/README.md lists its names)");
  CHECK(header_error("{{{banner}}}\n{{> chained_policy}}\n") ==
        "2: partial 'chained_policy': templates take no partials (it would render nothing)");
}

TEST_CASE("a header that nests sections over lists to expand without end stops with an error naming it", "[generate]") {
  testing::TemporaryDirectory directory("hub-header");
  const auto recorded = testing::recorded_results();
  std::string open, close;
  for (int i = 0; i < 30; ++i) {
    open += "{{#links}}\n";
    close += "{{/links}}\n";
  }
  const std::string path = reduce_template_with_header(directory, "{{{banner}}}\n" + open + "x\n" + close);
  CHECK_THROWS_WITH(render(recorded.rows, recorded.reduce_source, path),
                    directory.file("header.mustache") +
                        ": the template expands past 16 MiB: its sections over lists nest or repeat without bound");
}
