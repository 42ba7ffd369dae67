// How a CUDA hub names workloads: exact keys, and the class keys of a `class:` directive.
#include "render/hub_keys.hpp"

#include <catch2/catch.hpp>

#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

TEST_CASE("a workload's class key takes its label's size on classed axes and its type elsewhere", "[classes]") {
  const testing::TemporaryDirectory directory("hub-keys");
  const PolicyTemplate t = load_policy_template(
      directory.write("t.mustache",
                      "{{! policytune-template 1 }}\n{{! hub: h<class AccumT, class OffsetT, class OpT> }}\n"
                      "{{! default: ::cub::d<AccumT, OffsetT> }}\n{{! key: AccumT, OffsetT }}\n"
                      "{{! class: sizeof(AccumT), OffsetT }}\n{{! type: V3 = ::mine::vec3 (12 bytes) }}\n"
                      "{{! type: C32 = ::mine::complex }}\nusing P = int;\n"));
  CHECK(hub_key(t) == "AccumT, OffsetT");
  CHECK(hub_class_key(t) == "::policytune::hub::value_key<(sizeof(AccumT))>, OffsetT");
  CHECK(workload_key(t, "T{ct}=V3,OffsetT{ct}=U64") == "::mine::vec3, ::std::uint64_t");
  std::string why_not;
  const auto v3 = workload_class(t, "T{ct}=V3,OffsetT{ct}=U64", why_not);
  REQUIRE(v3);
  CHECK(v3->key == "::policytune::hub::value_key<::cuda::std::size_t{12}>, ::std::uint64_t");
  CHECK(v3->name == "sizeof(AccumT)=12, OffsetT=U64");
  CHECK(v3->members == "T{ct}=V3");
  CHECK(workload_class(t, "T{ct}=F32,OffsetT{ct}=U32", why_not)->key ==
        workload_class(t, "T{ct}=I32,OffsetT{ct}=U32", why_not)->key);
  CHECK_FALSE(workload_class(t, "T{ct}=C32,OffsetT{ct}=U32", why_not));
  CHECK(why_not == "the size of C32 is unknown (a `type: C32 = <C++ type> (N bytes)` directive states it)");
  CHECK_THROWS_AS(workload_class(t, "T{ct}=F32", why_not), UserError);
}

TEST_CASE("without a class directive a hub has no class key", "[classes]") {
  const PolicyTemplate t = load_policy_template(POLICYTUNE_SOURCE_DIR "/templates/reduce.mustache");
  CHECK(hub_class_key(t).empty());
  CHECK(hub_key(t) == "AccumT, OffsetT");
}
