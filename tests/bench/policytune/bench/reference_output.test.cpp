// The comparison with base's output that verifies benchmarks without a check of their own (CUB's).
#include <policytune/bench/reference_output.hpp>

#include <catch2/catch.hpp>

#include "support/temporary_directory.hpp"

#include <cstring>
#include <fstream>
#include <vector>

using namespace policytune::bench;
using namespace policytune::bench::detail;

namespace {

void copy_host(void* host, const void* buffer, std::size_t bytes) { std::memcpy(host, buffer, bytes); }

// A benchmark's buffers on the host: what the compatibility headers record on the device.
struct fake_benchmark {
  std::vector<int> input{1, 2, 3, 4};
  std::vector<int> output{10, 20, 30, 40};
  std::vector<unsigned char> temp = std::vector<unsigned char>(16, 7);  // scratch, same size as output
  std::vector<float> sums{1.0f, 2.0f};
  buffer_registry registry;

  fake_benchmark() {
    registry.add(input.data(), sizeof(int) * input.size());
    registry.mark_input(input.data());
    registry.add(output.data(), sizeof(int) * output.size());
    registry.add(sums.data(), sizeof(float) * sums.size());
    registry.add(temp.data(), temp.size());
  }
  std::vector<declared_output> outputs() const { return {declared_output_of<int>(4), declared_output_of<float>(2)}; }
  verification check(const std::string& directory, bool is_base, bool& checked) {
    return check_with_reference("base|T{ct}=I32|Elements{io}[pow2]=16", outputs(), registry.live(), &copy_host,
                                directory.c_str(), is_base, checked);
  }
};

}  // namespace

TEST_CASE("a declared output is the earliest live buffer of its size that is not an input", "[reference_output]") {
  fake_benchmark b;
  const auto matched = match_outputs(b.outputs(), b.registry.live());
  REQUIRE(matched.size() == 2);
  CHECK(matched[0]->address == b.output.data());  // not the input of the same size, nor the later scratch
  CHECK(matched[1]->address == b.sums.data());
}

TEST_CASE("an output written in place is found among the inputs", "[reference_output]") {
  std::vector<int> data{3, 1, 2};
  buffer_registry registry;
  registry.add(data.data(), sizeof data[0] * data.size());
  registry.mark_input(data.data());
  const auto matched = match_outputs({declared_output_of<int>(3)}, registry.live());
  CHECK(matched[0]->address == data.data());
}

TEST_CASE("an output shorter than its buffer is the buffer's beginning; exact sizes go first", "[reference_output]") {
  // CUB's run-length encode: outputs sized for n runs, `runs` of them declared written.
  std::vector<int> count(1), offsets(100), lengths(100), keys(100);
  buffer_registry registry;
  registry.add(count.data(), 4);
  registry.add(offsets.data(), 400);
  registry.add(lengths.data(), 400);
  registry.add(keys.data(), 400);
  registry.mark_input(keys.data());
  const auto matched = match_outputs(
      {declared_output_of<int>(37), declared_output_of<int>(37), declared_output_of<int>(1)}, registry.live());
  CHECK(matched[0]->address == offsets.data());
  CHECK(matched[1]->address == lengths.data());
  CHECK(matched[2]->address == count.data());  // exact, although declared last
}

TEST_CASE("freed buffers are no candidates", "[reference_output]") {
  std::vector<int> a(4), b(4);
  buffer_registry registry;
  registry.add(a.data(), 16);
  registry.add(b.data(), 16);
  registry.remove(a.data());
  CHECK(match_outputs({declared_output_of<int>(4)}, registry.live())[0]->address == b.data());
}

TEST_CASE("a variant with base's outputs passes; base is the reference and is not itself verified",
          "[reference_output]") {
  const policytune::testing::TemporaryDirectory directory("reference");
  fake_benchmark base;
  bool checked = true;
  CHECK(base.check(directory.path().string(), true, checked).passed);
  CHECK_FALSE(checked);

  fake_benchmark variant;
  variant.temp.assign(16, 99);  // scratch may differ
  CHECK(variant.check(directory.path().string(), false, checked).passed);
  CHECK(checked);
}

TEST_CASE("integers must be equal, floats within the relative tolerance", "[reference_output]") {
  const policytune::testing::TemporaryDirectory directory("reference");
  fake_benchmark base;
  bool checked = false;
  base.check(directory.path().string(), true, checked);

  fake_benchmark close;
  close.sums[1] = 2.0f * (1 + 1e-5f);  // another summation order
  CHECK(close.check(directory.path().string(), false, checked).passed);

  fake_benchmark wrong_int;
  wrong_int.output[2] = 31;
  const auto v = wrong_int.check(directory.path().string(), false, checked);
  CHECK_FALSE(v.passed);
  CHECK(v.detail == "output 0 differs from base's at byte 8 (1 of 16 bytes differ)");

  // Just beyond the float tolerance (1e-3 relative): wrong, as it would not be were it ten times looser.
  fake_benchmark slightly_off;
  slightly_off.sums[1] = 2.0f * (1 + 2e-3f);
  CHECK_FALSE(slightly_off.check(directory.path().string(), false, checked).passed);
  CHECK(close_enough(1.0 + 0.5e-9, 1.0, float64_rtol));
  CHECK_FALSE(close_enough(1.0 + 2e-9, 1.0, float64_rtol));

  fake_benchmark wrong_float;
  wrong_float.sums[1] = 2.1f;
  CHECK(wrong_float.check(directory.path().string(), false, checked).detail ==
        "output 1 differs from base's at element 1 (1 of 2 elements differ)");
}

TEST_CASE("every differing element is counted, by expect_close's tolerance test", "[reference_output]") {
  std::vector<float> base{1.0f, 2.0f, 3.0f, 4.0f};
  std::vector<float> variant{1.0f, 2.5f, 3.0f * (1 + 1e-5f), 4.5f};
  std::vector<unsigned char> a(sizeof(float) * 4), e(sizeof(float) * 4);
  std::memcpy(a.data(), variant.data(), a.size());
  std::memcpy(e.data(), base.data(), e.size());
  const element_differences found = output_differences<float>(a, e, float32_rtol);
  CHECK(found.first == 1);
  CHECK(found.count == 2);  // 3.0 within the tolerance
  for (std::size_t i = 0; i < base.size(); ++i) {
    CHECK(close_enough(variant[i], base[i], float32_rtol) ==
          close_values(variant[i], base[i], reference_atol, float32_rtol));
  }
  CHECK_FALSE(byte_differences(a, a).any());
}

TEST_CASE("NaN equals NaN and infinities compare equal to themselves", "[reference_output]") {
  CHECK(close_enough(std::nanf(""), std::nanf(""), float32_rtol));
  CHECK(close_enough(INFINITY, INFINITY, float32_rtol));
  CHECK_FALSE(close_enough(1.0f, std::nanf(""), float32_rtol));
  CHECK_FALSE(close_enough(std::nanf(""), 1.0f, float32_rtol));  // a variant that wrote NaN
  CHECK_FALSE(close_enough(std::nan(""), 1.0, float64_rtol));
  CHECK_FALSE(close_enough(-INFINITY, INFINITY, float32_rtol));
}

TEST_CASE("a variant without base's reference, or with a damaged one, is a wrong result", "[reference_output]") {
  const policytune::testing::TemporaryDirectory directory("reference");
  fake_benchmark variant;
  bool checked = false;
  const auto missing = variant.check(directory.path().string(), false, checked);
  CHECK_FALSE(missing.passed);
  CHECK(missing.detail.find("no reference output of base for this state") != std::string::npos);

  const auto file = directory.path() / reference_file_name("base|T{ct}=I32|Elements{io}[pow2]=16");
  for (const std::string garbage : {"", "policytune-reference 1\noutputs 2\nx 16\nshort", "not a reference"}) {
    std::ofstream(file, std::ios::binary) << garbage;
    const auto damaged = variant.check(directory.path().string(), false, checked);
    CHECK_FALSE(damaged.passed);
    CHECK(damaged.detail.find("is damaged") != std::string::npos);
  }
}

TEST_CASE("outputs that cannot be captured say why, in base's reference and in the variant", "[reference_output]") {
  const policytune::testing::TemporaryDirectory directory("reference");
  buffer_registry registry;
  bool checked = false;
  const std::string key = "base||";
  // Nothing declared: base still runs (it is the reference), every variant fails with the reason.
  CHECK(check_with_reference(key, {}, registry.live(), &copy_host, directory.path().c_str(), true, checked).passed);
  const auto v = check_with_reference(key, {}, registry.live(), &copy_host, directory.path().c_str(), false, checked);
  CHECK_FALSE(v.passed);
  CHECK(v.detail ==
        "no output of base to compare with: it declares no output (state.add_global_memory_writes<T>) "
        "to compare with base's");
  // A declared output no buffer has the size of.
  const auto c = capture_outputs({declared_output_of<double>(3)}, registry.live(), &copy_host);
  CHECK(c.problem == "declared output 0 (24 bytes) fits in no buffer the benchmark allocated");
}

TEST_CASE("outside a search (no reference folder) nothing is checked", "[reference_output]") {
  fake_benchmark b;
  bool checked = true;
  CHECK(check_with_reference("k", b.outputs(), b.registry.live(), &copy_host, nullptr, false, checked).passed);
  CHECK_FALSE(checked);
}

TEST_CASE("a reference survives encoding byte for byte", "[reference_output]") {
  fake_benchmark b;
  const captured_outputs c = capture_outputs(b.outputs(), b.registry.live(), &copy_host);
  captured_outputs back;
  REQUIRE(decode_outputs(encode_outputs(c), back));
  CHECK(back.data == c.data);
  CHECK(back.declared.size() == 2);
  CHECK(back.declared[1].kind == output_kind::float32);
  CHECK(reference_file_name("a|b|c") != reference_file_name("a|b|d"));
}
