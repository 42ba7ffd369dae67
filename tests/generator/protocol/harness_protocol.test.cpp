#include "protocol/harness_protocol.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <utility>
#include <vector>

using namespace policytune;

namespace {

using Defines = std::vector<std::pair<std::string, std::string>>;

const char* const kListing = R"({
  "policytune_harness": 1,
  "benchmarks": [
    {
      "name": "sum",
      "axes": [
        {"name": "T{ct}", "kind": "type",
         "values": [{"label": "I32", "type": "std::int32_t"}, {"label": "F64", "type": "double"}]},
        {"name": "Elements{io}", "kind": "int64", "pow2": true, "values": ["16", "20", "24"]},
        {"name": "Entropy", "kind": "float64", "values": ["1.0", "0.544"]},
        {"name": "Pattern", "kind": "string", "values": ["random"]}
      ]
    },
    {"name": "max", "axes": []}
  ]
})";

const char* const kTwoTypeAxes = R"({
  "policytune_harness": 1,
  "benchmarks": [
    {
      "name": "sort",
      "axes": [
        {"name": "T{ct}", "kind": "type",
         "values": [{"label": "I8", "type": "std::int8_t"}, {"label": "F32", "type": "float"},
                    {"label": "F64", "type": "double"}]},
        {"name": "Elements{io}", "kind": "int64", "pow2": true, "values": ["16"]},
        {"name": "OffsetT{ct}", "kind": "type",
         "values": [{"label": "I32", "type": "std::int32_t"}, {"label": "I64", "type": "std::int64_t"}]}
      ]
    }
  ]
})";

const char* const kDevice = R"({
  "policytune_harness": 1,
  "status": "ok",
  "device": {"name": "NVIDIA H200", "sm_count": 132, "memory_bus_width": 6144, "ecc": true,
             "compute_capability": "9.0", "driver": "580.65", "max_threads_per_block": 1024,
             "shared_memory_per_block": 49152, "shared_memory_per_block_optin": 232448},
  "toolkit": "CUDA 13.0",
  "library": "CCCL 3.0.1"
})";

std::string run_document(const std::string& states) {
  return R"({
  "policytune_harness": 1,
  "status": "ok",
  "device": {"name": "NVIDIA H200", "sm_count": 132, "memory_bus_width": 6144, "ecc": true,
             "compute_capability": "9.0", "driver": "580.65"},
  "toolkit": "CUDA 13.0",
  "library": "CCCL 3.0.1",
  "states": [)" +
         states + "]}";
}

const char* const kOkState = R"({
  "entry": "sum", "ct_workload": "T{ct}=I32", "rt_workload": "Elements{io}[pow2]=16",
  "status": "ok", "verified": true,
  "samples": {"count": 200, "median": 1.5e-5, "mean": 1.6e-5, "stddev": 2e-7, "min": 1.4e-5, "max": 2.5e-5},
  "bytes_per_second": 4.0e12
})";

const char* const kWrongState = R"({
  "entry": "sum", "ct_workload": "T{ct}=I32", "rt_workload": "Elements{io}[pow2]=20",
  "status": "wrong_result", "reason": "element 17 differs", "verified": false,
  "samples": {"count": 0, "median": 0, "mean": 0, "stddev": 0, "min": 0, "max": 0},
  "bytes_per_second": null
})";

}  // namespace

TEST_CASE("a --list document gives entries and their axes", "[harness]") {
  const auto entries = parse_harness_listing(kListing);
  REQUIRE(entries.size() == 2);
  CHECK(entries[0].name == "sum");
  CHECK(entries[1].name == "max");
  CHECK(entries[1].axes.empty());
  REQUIRE(entries[0].axes.size() == 4);

  const auto& type = entries[0].axes[0];
  CHECK(type.name == "T{ct}");
  CHECK(type.kind == HarnessAxis::Kind::type);
  CHECK(type.compile_time());
  CHECK_FALSE(type.pow2);
  CHECK(type.values == std::vector<std::string>{"I32", "F64"});
  CHECK(type.spellings == std::vector<std::string>{"std::int32_t", "double"});
  CHECK(type.tune_macro() == "TUNE_T");

  const auto& elements = entries[0].axes[1];
  CHECK(elements.name == "Elements{io}");
  CHECK(elements.kind == HarnessAxis::Kind::int64);
  CHECK_FALSE(elements.compile_time());
  CHECK(elements.pow2);
  CHECK(elements.values == std::vector<std::string>{"16", "20", "24"});
  CHECK(elements.spellings.empty());

  CHECK(entries[0].axes[2].kind == HarnessAxis::Kind::float64);
  CHECK_FALSE(entries[0].axes[2].pow2);
  CHECK(entries[0].axes[2].values == std::vector<std::string>{"1.0", "0.544"});
  CHECK(entries[0].axes[3].kind == HarnessAxis::Kind::string);
  CHECK(entries[0].axes[3].values == std::vector<std::string>{"random"});
}

TEST_CASE("tune macros drop the axis suffix", "[harness]") {
  HarnessAxis axis;
  axis.name = "OffsetT{ct}";
  CHECK(axis.tune_macro() == "TUNE_OffsetT");
  axis.name = "KeyT{ct}";
  CHECK(axis.tune_macro() == "TUNE_KeyT");
}

TEST_CASE("compile-time workloads are the product of the type axes, first axis slowest", "[harness]") {
  const auto workloads = compile_time_workloads(parse_harness_listing(kTwoTypeAxes));
  REQUIRE(workloads.size() == 6);
  const std::vector<std::string> names{"T{ct}=I8,OffsetT{ct}=I32",  "T{ct}=I8,OffsetT{ct}=I64",
                                       "T{ct}=F32,OffsetT{ct}=I32", "T{ct}=F32,OffsetT{ct}=I64",
                                       "T{ct}=F64,OffsetT{ct}=I32", "T{ct}=F64,OffsetT{ct}=I64"};
  for (std::size_t i = 0; i < names.size(); ++i) CHECK(workloads[i].name == names[i]);

  CHECK(workloads[0].defines == Defines{{"TUNE_T", "std::int8_t"}, {"TUNE_OffsetT", "std::int32_t"}});
  CHECK(workloads[1].defines == Defines{{"TUNE_T", "std::int8_t"}, {"TUNE_OffsetT", "std::int64_t"}});
  CHECK(workloads[2].defines == Defines{{"TUNE_T", "float"}, {"TUNE_OffsetT", "std::int32_t"}});
  CHECK(workloads[5].defines == Defines{{"TUNE_T", "double"}, {"TUNE_OffsetT", "std::int64_t"}});
  CHECK(workloads[3].axis_values == Defines{{"T{ct}", "F32"}, {"OffsetT{ct}", "I64"}});
  // The runtime axis between them plays no part.
  for (const auto& workload : workloads) {
    CHECK(workload.name.find("Elements") == std::string::npos);
    CHECK(workload.defines.size() == 2);
  }
}

TEST_CASE("a benchmark without type axes has one unnamed compile-time workload", "[harness]") {
  const auto none = compile_time_workloads({});
  REQUIRE(none.size() == 1);
  CHECK(none[0].name.empty());
  CHECK(none[0].defines.empty());

  HarnessEntry runtime_only{"copy", {}};
  HarnessAxis elements;
  elements.name = "Elements{io}";
  elements.pow2 = true;
  elements.values = {"16", "20"};
  runtime_only.axes.push_back(elements);
  const auto one = compile_time_workloads({runtime_only});
  REQUIRE(one.size() == 1);
  CHECK(one[0].name.empty());
  CHECK(one[0].axis_values.empty());
}

TEST_CASE("a --device document of an available device", "[harness]") {
  const auto device = parse_harness_device(kDevice);
  CHECK(device.available);
  CHECK(device.reason.empty());
  CHECK(device.device.name == "NVIDIA H200");
  CHECK(device.device.sm_count == 132);
  CHECK(device.device.memory_bus_width == 6144);
  CHECK(device.device.ecc);
  CHECK(device.device.compute_capability == "9.0");
  CHECK(device.device.driver == "580.65");
  CHECK(device.toolkit == "CUDA 13.0");
  CHECK(device.library == "CCCL 3.0.1");
  CHECK(device.limits == std::map<std::string, std::int64_t>{{"max_threads_per_block", 1024},
                                                             {"shared_memory_per_block", 49152},
                                                             {"shared_memory_per_block_optin", 232448}});
}

TEST_CASE("a --device document without a device", "[harness]") {
  const auto device =
      parse_harness_device(R"({"policytune_harness": 1, "status": "no_device", "reason": "no CUDA-capable device"})");
  CHECK_FALSE(device.available);
  CHECK(device.reason == "no CUDA-capable device");
  CHECK(device.device.name.empty());

  const auto without_reason = parse_harness_device(R"({"policytune_harness": 1, "status": "no_device"})");
  CHECK_FALSE(without_reason.available);
  CHECK_FALSE(without_reason.reason.empty());

  const auto run = parse_harness_run(R"({"policytune_harness": 1, "status": "no_device", "reason": "none"})");
  CHECK_FALSE(run.device.available);
  CHECK(run.device.reason == "none");
  CHECK(run.states.empty());
}

TEST_CASE("a run document with ok and wrong_result states", "[harness]") {
  const auto run = parse_harness_run(run_document(std::string(kOkState) + "," + kWrongState));
  CHECK(run.device.available);
  CHECK(run.device.device.name == "NVIDIA H200");
  REQUIRE(run.states.size() == 2);

  const auto& ok = run.states[0];
  CHECK(ok.entry == "sum");
  CHECK(ok.ct_workload == "T{ct}=I32");
  CHECK(ok.rt_workload == "Elements{io}[pow2]=16");
  CHECK(ok.status == Status::ok);
  CHECK(ok.reason.empty());
  CHECK(ok.verified);
  CHECK(ok.statistics.count == 200);
  CHECK(ok.statistics.median == Approx(1.5e-5));
  CHECK(ok.statistics.mean == Approx(1.6e-5));
  CHECK(ok.statistics.stddev == Approx(2e-7));
  CHECK(ok.statistics.min == Approx(1.4e-5));
  CHECK(ok.statistics.max == Approx(2.5e-5));
  REQUIRE(ok.bytes_per_second.has_value());
  CHECK(*ok.bytes_per_second == Approx(4.0e12));

  const auto& wrong = run.states[1];
  CHECK(wrong.rt_workload == "Elements{io}[pow2]=20");
  CHECK(wrong.status == Status::wrong_result);
  CHECK(wrong.reason == "element 17 differs");
  CHECK_FALSE(wrong.verified);
  CHECK(wrong.statistics.count == 0);
  CHECK_FALSE(wrong.bytes_per_second.has_value());
}

TEST_CASE("a run document without states or bandwidth", "[harness]") {
  CHECK(parse_harness_run(run_document("")).states.empty());
  const auto run = parse_harness_run(run_document(R"({
    "entry": "sum", "ct_workload": "", "rt_workload": "Elements{io}[pow2]=16", "status": "ok",
    "samples": {"count": 3, "median": 1, "mean": 1, "stddev": 0, "min": 1, "max": 1}})"));
  REQUIRE(run.states.size() == 1);
  CHECK(run.states[0].ct_workload.empty());
  CHECK_FALSE(run.states[0].verified);
  CHECK_FALSE(run.states[0].bytes_per_second.has_value());
}

TEST_CASE("anything but harness JSON is malformed harness output", "[harness]") {
  for (const std::string text : {"Segmentation fault (core dumped)\n", "", "   ", "[1,2,3]", "42",
                                 R"({"benchmarks": []})", R"({"status": "ok"})", "{\"policytune_harness\": 1"}) {
    INFO("'" << text << "'");
    CHECK_THROWS_AS(parse_harness_listing(text), MalformedHarnessOutput);
    CHECK_THROWS_AS(parse_harness_device(text), MalformedHarnessOutput);
    CHECK_THROWS_AS(parse_harness_run(text), MalformedHarnessOutput);
  }
  CHECK_THROWS_WITH(parse_harness_run(""), Catch::Contains("printed nothing"));
  CHECK_THROWS_WITH(parse_harness_run("garbage\nmore"), Catch::Contains("garbage more"));
  // A long output is quoted by its first 60 characters.
  const std::string sixty = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWX";
  REQUIRE(sixty.size() == 60);
  CHECK_THROWS_WITH(parse_harness_run(sixty + "YZ and more"), "printed '" + sixty + "' instead of harness JSON");
}

TEST_CASE("a device's limits of zero or less are left out; visible devices are at least one", "[harness]") {
  const auto device_with = [](const std::string& more) {
    return parse_harness_device(R"({"policytune_harness": 1, "status": "ok",
      "device": {"name": "G", "sm_count": 1, "memory_bus_width": 64, "ecc": false, "compute_capability": "8.0",
                 "driver": "1", "max_threads_per_block": 0, "shared_memory_per_block": 1,
                 "shared_memory_per_block_optin": -5},
      "toolkit": "CUDA 13.0", "library": "CCCL 3.0.1")" +
                                more + "}");
  };
  CHECK(device_with("").limits == std::map<std::string, std::int64_t>{{"shared_memory_per_block", 1}});
  CHECK(device_with("").visible_devices == 1);
  CHECK(device_with(R"(, "visible_devices": 4)").visible_devices == 4);
  CHECK(device_with(R"(, "visible_devices": 0)").visible_devices == 1);
}

TEST_CASE("numbers past a double and deep nesting are malformed harness output, not a crash", "[harness]") {
  CHECK_THROWS_AS(parse_harness_run(run_document(
                      R"({"entry": "sum", "ct_workload": "", "rt_workload": "", "status": "ok", "verified": true,
                          "samples": {"count": 10, "median": 1e400, "mean": 1, "stddev": 0, "min": 1, "max": 1}})")),
                  MalformedHarnessOutput);
  // A million nested arrays: the JSON reader keeps its own stack, and the document is refused.
  const std::string deep = R"({"policytune_harness": 1, "status": "ok", "states": )" + std::string(1000000, '[') +
                           std::string(1000000, ']') + "}";
  CHECK_THROWS_WITH(parse_harness_run(deep), "printed JSON whose arrays and objects nest deeper than 64 levels");
  // Quoting a deep version (dump() recursing once per level) overflowed the stack.
  const std::string deep_version =
      R"({"policytune_harness": )" + std::string(100000, '[') + std::string(100000, ']') + "}";
  CHECK_THROWS_AS(parse_harness_listing(deep_version), MalformedHarnessOutput);
}

TEST_CASE("harness JSON lacking required fields is malformed", "[harness]") {
  SECTION("a run state lacking samples") {
    const auto text = run_document(R"({"entry": "sum", "ct_workload": "", "rt_workload": "", "status": "ok"})");
    CHECK_THROWS_AS(parse_harness_run(text), MalformedHarnessOutput);
  }
  SECTION("samples lacking a statistic") {
    const auto text = run_document(R"({"entry": "sum", "ct_workload": "", "rt_workload": "", "status": "ok",
      "samples": {"count": 3, "median": 1, "mean": 1, "stddev": 0, "min": 1}})");
    CHECK_THROWS_AS(parse_harness_run(text), MalformedHarnessOutput);
  }
  SECTION("an unknown state status") {
    const auto text = run_document(R"({"entry": "sum", "ct_workload": "", "rt_workload": "", "status": "great",
      "samples": {"count": 3, "median": 1, "mean": 1, "stddev": 0, "min": 1, "max": 1}})");
    CHECK_THROWS_AS(parse_harness_run(text), MalformedHarnessOutput);
  }
  SECTION("a run document lacking states") { CHECK_THROWS_AS(parse_harness_run(kDevice), MalformedHarnessOutput); }
  SECTION("an unknown device status") {
    CHECK_THROWS_AS(parse_harness_device(R"({"policytune_harness": 1, "status": "busy"})"), MalformedHarnessOutput);
    CHECK_THROWS_WITH(parse_harness_device(R"({"policytune_harness": 1, "status": "busy"})"), "harness status 'busy'");
  }
  SECTION("an ok device status lacking the device") {
    CHECK_THROWS_AS(parse_harness_device(R"({"policytune_harness": 1, "status": "ok"})"), MalformedHarnessOutput);
  }
  SECTION("a listing lacking benchmarks") {
    CHECK_THROWS_AS(parse_harness_listing(R"({"policytune_harness": 1})"), MalformedHarnessOutput);
  }
  SECTION("a type axis value lacking its spelling") {
    CHECK_THROWS_AS(parse_harness_listing(R"({"policytune_harness": 1, "benchmarks": [{"name": "x", "axes": [
      {"name": "T{ct}", "kind": "type", "values": [{"label": "I32"}]}]}]})"),
                    MalformedHarnessOutput);
  }
}

TEST_CASE("a document of another protocol version is malformed, saying which version it speaks", "[harness]") {
  const std::string expected =
      "harness protocol version 2, but this policytune reads version 1: build the benchmark against this "
      "policytune's harness headers (bench/policytune)";
  CHECK_THROWS_WITH(parse_harness_listing(R"({"policytune_harness": 2, "benchmarks": []})"), expected);
  CHECK_THROWS_WITH(parse_harness_device(R"({"policytune_harness": 2, "status": "no_device"})"), expected);
  CHECK_THROWS_WITH(parse_harness_run(R"({"policytune_harness": 2, "status": "no_device"})"), expected);
  // Only the integer 1 is version 1.
  for (const std::string version : {"0", "-1", "1.0", "\"1\"", "true", "null", "[1]", "18446744073709551617"}) {
    INFO(version);
    const std::string text = R"({"policytune_harness": )" + version + R"(, "status": "no_device"})";
    CHECK_THROWS_WITH(parse_harness_device(text), Catch::StartsWith("harness protocol version "));
  }
  // What is quoted of a strange version stays short.
  const std::string long_version = "\"" + std::string(1000, 'v') + "\"";
  CHECK_THROWS_WITH(parse_harness_device(R"({"policytune_harness": )" + long_version + R"(, "status": "no_device"})"),
                    Catch::StartsWith("harness protocol version \"vvvvvvvvvvvvvvvvvvv..., but"));
  // Without the member a document is not harness output at all (no harness ever wrote one).
  CHECK_THROWS_WITH(parse_harness_device(R"({"status": "no_device"})"), Catch::EndsWith("instead of harness JSON"));
  CHECK_FALSE(parse_harness_device(R"({"policytune_harness": 1, "status": "no_device"})").available);
}
