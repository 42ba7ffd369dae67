// The harness's JSON documents (bench/policytune/bench/json_writer.hpp) read back by the tool's
// reader (generator/harness_protocol.cpp): the two ends of the protocol agree on every value.
#include <policytune/bench/json_writer.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/measurement.hpp"
#include "protocol/harness_protocol.hpp"

namespace {

namespace harness_json = policytune::bench::detail;

// An entry with one type axis and every kind of runtime axis, values that need escaping included.
struct listed_entry {
  policytune::bench::benchmark_base entry;

  static policytune::bench::axis type_axis() {
    policytune::bench::axis t;
    t.name = "T{ct}";
    t.kind = policytune::bench::axis_kind::type;
    t.values = {"F32", "I64"};
    t.spellings = {"float", "::std::int64_t"};
    return t;
  }

  listed_entry() : entry("base", "", {type_axis()}, {}) {
    entry.add_int64_power_of_two_axis("Elements{io}", {16, 28})
        .add_int64_axis("N", {1000, -5})
        .add_float64_axis("Ratio", {0.5, 1e-3})
        .add_string_axis("Layout", {"row", "col \"x\" \xc3\xa9"});
  }
};

policytune::bench::device_info harness_test_device() {
  policytune::bench::device_info d;
  d.name = "NVIDIA H200 \"test\"";
  d.sm_count = 132;
  d.memory_bus_width = 6144;
  d.ecc = true;
  d.compute_capability = "9.0";
  d.driver = "13.0";
  d.toolkit = "CUDA 13.0.88";
  d.library = "CCCL 3.0.1";
  d.max_threads_per_block = 1024;
  d.shared_memory_per_block = 49152;
  d.shared_memory_per_block_optin = 232448;
  d.visible_devices = 2;
  return d;
}

}  // namespace

TEST_CASE("json_writer: --list reads back with every axis, kind, value and spelling", "[harness][json_writer]") {
  const listed_entry listed;
  const std::string document = harness_json::list_json(&listed.entry);
  CHECK(document.rfind("{\"policytune_harness\":1,", 0) == 0);
  CHECK(document.back() == '\n');
  const auto entries = policytune::parse_harness_listing(document);
  REQUIRE(entries.size() == 1);
  CHECK(entries[0].name == "base");
  const auto& axes = entries[0].axes;
  REQUIRE(axes.size() == 5);
  using Kind = policytune::HarnessAxis::Kind;
  CHECK(axes[0].name == "T{ct}");
  CHECK(axes[0].kind == Kind::type);
  CHECK(axes[0].values == std::vector<std::string>{"F32", "I64"});
  CHECK(axes[0].spellings == std::vector<std::string>{"float", "::std::int64_t"});
  CHECK(axes[1].name == "Elements{io}");
  CHECK(axes[1].kind == Kind::int64);
  CHECK(axes[1].pow2);
  CHECK(axes[1].values == std::vector<std::string>{"16", "28"});  // exponents, as workloads write them
  CHECK(axes[2].name == "N");
  CHECK(axes[2].kind == Kind::int64);
  CHECK_FALSE(axes[2].pow2);
  CHECK(axes[2].values == std::vector<std::string>{"1000", "-5"});
  CHECK(axes[3].kind == Kind::float64);
  CHECK(axes[3].values == std::vector<std::string>{"0.5", "0.001"});
  CHECK(axes[4].kind == Kind::string);
  CHECK(axes[4].values == std::vector<std::string>{"row", "col \"x\" \xc3\xa9"});
  // The compile-time workloads the tool builds come from the type axis alone.
  const auto workloads = policytune::compile_time_workloads(entries);
  REQUIRE(workloads.size() == 2);
  CHECK(workloads[1].name == "T{ct}=I64");
  CHECK(workloads[1].defines == std::vector<std::pair<std::string, std::string>>{{"TUNE_T", "::std::int64_t"}});
}

TEST_CASE("json_writer: --device reads back with the identity, the limits and the device count",
          "[harness][json_writer]") {
  const auto device = policytune::parse_harness_device(harness_json::device_json(harness_test_device()));
  CHECK(device.available);
  CHECK(device.device.name == "NVIDIA H200 \"test\"");
  CHECK(device.device.sm_count == 132);
  CHECK(device.device.memory_bus_width == 6144);
  CHECK(device.device.ecc);
  CHECK(device.device.compute_capability == "9.0");
  CHECK(device.device.driver == "13.0");
  CHECK(device.toolkit == "CUDA 13.0.88");
  CHECK(device.library == "CCCL 3.0.1");
  CHECK(device.limits == std::map<std::string, std::int64_t>{{"max_threads_per_block", 1024},
                                                             {"shared_memory_per_block", 49152},
                                                             {"shared_memory_per_block_optin", 232448}});
  CHECK(device.visible_devices == 2);
}

TEST_CASE("json_writer: the status-only documents read back as no device, or as a harness error",
          "[harness][json_writer]") {
  namespace protocol = policytune::protocol;
  const auto none = policytune::parse_harness_device(
      harness_json::status_json(protocol::document_no_device, "no CUDA device: no CUDA-capable device is detected"));
  CHECK_FALSE(none.available);
  CHECK(none.reason == "no CUDA device: no CUDA-capable device is detected");
  CHECK(policytune::parse_harness_run(harness_json::status_json(protocol::document_no_device, "x")).states.empty());
  CHECK_THROWS_WITH(policytune::parse_harness_device(harness_json::status_json(protocol::document_error, "cudaMalloc")),
                    "harness status 'error'");
}

TEST_CASE("json_writer: a run reads back with every state's workloads, status, reason and times",
          "[harness][json_writer]") {
  namespace protocol = policytune::protocol;
  std::vector<harness_json::state_result> written(5);
  written[0].entry = "base";
  written[0].ct_workload = "T{ct}=F32";
  written[0].rt_workload = "Elements{io}[pow2]=16,N=1000";
  written[0].verified = true;
  // Times that only a full-precision writer gives back exactly.
  written[0].stats = {40, 1.2345678901234567e-05, 1.3000000000000001e-05, 2.0000000000000003e-06, 1.1e-05, 0.1 + 0.2};
  written[0].elements = 65536;
  written[0].bytes = 262148;
  written[0].bytes_declared = true;
  written[1] = written[0];  // ok, but no bytes declared: no throughput
  written[1].rt_workload = "Elements{io}[pow2]=28,N=1000";
  written[1].bytes_declared = false;
  written[1].verified = false;
  written[2].entry = "base";
  written[2].ct_workload = "T{ct}=F32";
  written[2].rt_workload = "Elements{io}[pow2]=16,N=-5";
  written[2].status = protocol::status_name(protocol::status::skipped);
  written[2].reason = "too small: \"N\" < 0\n\xc3\xa9";
  written[3] = written[2];
  written[3].status = protocol::status_name(protocol::status::wrong_result);
  written[3].reason = "out element 1: got 9, want 2 (2 of 5 differ)";
  written[4] = written[2];
  written[4].status = protocol::status_name(protocol::status::run_failed);
  written[4].reason = "the benchmark threw: std::bad_alloc";

  const auto run = policytune::parse_harness_run(harness_json::run_json(harness_test_device(), written));
  CHECK(run.device.available);
  CHECK(run.device.device.name == "NVIDIA H200 \"test\"");
  CHECK(run.device.visible_devices == 2);
  REQUIRE(run.states.size() == written.size());
  for (std::size_t i = 0; i < written.size(); ++i) {
    INFO("state " << i);
    const auto& got = run.states[i];
    const auto& want = written[i];
    CHECK(got.entry == want.entry);
    CHECK(got.ct_workload == want.ct_workload);
    CHECK(got.rt_workload == want.rt_workload);
    CHECK(policytune::to_string(got.status) == want.status);
    CHECK(got.reason == want.reason);
    CHECK(got.verified == want.verified);
    CHECK(got.statistics.count == want.stats.count);
    CHECK(got.statistics.median == want.stats.median);
    CHECK(got.statistics.mean == want.stats.mean);
    CHECK(got.statistics.stddev == want.stats.stddev);
    CHECK(got.statistics.min == want.stats.min);
    CHECK(got.statistics.max == want.stats.max);
  }
  CHECK(run.states[0].status == policytune::Status::ok);
  CHECK(run.states[2].status == policytune::Status::skipped);
  CHECK(run.states[3].status == policytune::Status::wrong_result);
  CHECK(run.states[4].status == policytune::Status::run_failed);
  REQUIRE(run.states[0].bytes_per_second.has_value());
  CHECK(*run.states[0].bytes_per_second == 262148 / 1.2345678901234567e-05);
  for (std::size_t i = 1; i < written.size(); ++i) CHECK_FALSE(run.states[i].bytes_per_second.has_value());
}

TEST_CASE("json_writer: a run without states reads back empty", "[harness][json_writer]") {
  const auto run = policytune::parse_harness_run(harness_json::run_json(harness_test_device(), {}));
  CHECK(run.device.available);
  CHECK(run.states.empty());
}
