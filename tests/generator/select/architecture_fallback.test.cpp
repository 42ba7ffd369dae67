#include "select/architecture_fallback.hpp"

#include <catch2/catch.hpp>

using namespace policytune;

namespace {

ArchitecturePolicies measured(const std::string& architecture, const std::string& device) {
  return {architecture, "measured on " + device, {}, device, architecture};
}

}  // namespace

TEST_CASE("SM numbers order architectures numerically and the host has none", "[architecture_fallback]") {
  CHECK(sm_number("90") == 90);
  CHECK(sm_number("100") == 100);
  CHECK(sm_number("90a") == 90);
  CHECK(sm_number("host") == -1);
}

TEST_CASE("an architecture without policies takes the nearest lower one's, or the library's below them all",
          "[architecture_fallback]") {
  const std::vector<ArchitecturePolicies> selected{
      measured("80", "GPU A"), measured("90", "GPU B"), {"host", "measured on CPU", {}, "CPU", "host"}};
  const auto fallbacks = architecture_fallbacks(selected, {"75", "80", "86", "100"});
  REQUIRE(fallbacks.size() == 3);
  CHECK(fallbacks[0].architecture == "75");
  CHECK(fallbacks[0].lower == nullptr);
  CHECK(describe(fallbacks[0]) ==
        "sm_75: no measurements, below every measured architecture (the lowest is sm_80); gets the library's policies");
  CHECK(fallbacks[1].lower == &selected[0]);
  CHECK(describe(fallbacks[2]) ==
        "sm_100: no measurements; gets sm_90's tuned policies (measured on GPU B) and the library's sm_100 policy "
        "elsewhere");
}

TEST_CASE("a stand-in's policies are named after the architecture they were measured on", "[architecture_fallback]") {
  // sm_100's policies were measured on sm_90 (a nearest match for a device nobody measured).
  const std::vector<ArchitecturePolicies> selected{measured("90", "GPU B"), {"100", "stand-in", {}, "GPU B", "90"}};
  const auto fallbacks = architecture_fallbacks(selected, {"120"});
  REQUIRE(fallbacks.size() == 1);
  CHECK(fallbacks[0].lower == &selected[1]);
  CHECK(describe(fallbacks[0]) ==
        "sm_120: no measurements; gets sm_90's tuned policies (measured on GPU B) and the library's sm_120 policy "
        "elsewhere");
}

TEST_CASE("without any measurements every architecture gets the library's policies", "[architecture_fallback]") {
  const auto fallbacks = architecture_fallbacks({}, {"90"});
  REQUIRE(fallbacks.size() == 1);
  CHECK(describe(fallbacks[0]) == "sm_90: no measurements; gets the library's policies");
}
