// Which type classes get a policy of their own on a link: those whose measured members agree on
// a policy other than the library's default.
#include "render/class_links.hpp"

#include <catch2/catch.hpp>

#include "support/temporary_directory.hpp"

using namespace policytune;

namespace {

PolicyTemplate classes_template(const testing::TemporaryDirectory& directory) {
  return load_policy_template(directory.write(
      "t.mustache",
      "{{! policytune-template 1 }}\n{{! format: chained_policy }}\n"
      "{{! hub: h<class AccumT, class OffsetT> }}\n{{! default: ::cub::d<AccumT, OffsetT> }}\n"
      "{{! key: AccumT, OffsetT }}\n{{! class: sizeof(AccumT), OffsetT }}\n"
      "{{! type: V3 = ::mine::vec3 (12 bytes) }}\n{{! type: C32 = ::mine::complex }}\nusing P = int;\n"));
}

WorkloadPolicy tuned(const std::string& ct, const std::string& variant_name, std::int64_t ipt) {
  WorkloadPolicy policy;
  policy.ct_workload = ct;
  policy.variant = Variant{ipt};
  policy.variant_name = variant_name;
  return policy;
}

WorkloadPolicy base(const std::string& ct) {
  WorkloadPolicy policy;
  policy.ct_workload = ct;
  policy.variant_name = "base";
  return policy;
}

// A dispatch between ipt_7 below `cut` and ipt_16 from it on.
WorkloadPolicy ranged(const std::string& ct, std::int64_t cut) {
  WorkloadPolicy policy = tuned(ct, "ipt_16", 16);
  WorkloadRanges ranges;
  ranges.measured.axis.name = "Elements{io}";
  ranges.ranges = {{DispatchRange{"16", "20", "ipt_7", 1.2, 0.5}, Variant{7}},
                   {DispatchRange{"24", "28", "ipt_16", 1.2, 0.5}, Variant{16}}};
  ranges.cuts = {cut};
  policy.ranges = ranges;
  return policy;
}

ArchitecturePolicies link_of(std::vector<WorkloadPolicy> workloads) {
  return ArchitecturePolicies{"90", "measured", std::move(workloads)};
}

}  // namespace

TEST_CASE("a class whose measured members agree gets a class link naming them", "[classes]") {
  const testing::TemporaryDirectory directory("classes");
  const PolicyTemplate t = classes_template(directory);
  const ArchitecturePolicies measured =
      link_of({tuned("T{ct}=I32,OffsetT{ct}=U32", "ipt_16", 16), tuned("T{ct}=F32,OffsetT{ct}=U32", "ipt_16", 16),
               tuned("T{ct}=F32,OffsetT{ct}=U64", "ipt_9", 9)});
  const ClassGrouping grouping = group_classes(t, measured);
  REQUIRE(grouping.links.size() == 2);
  CHECK(grouping.notes.empty());
  const ClassLink& four = grouping.links[0];
  CHECK(four.members == std::vector<const WorkloadPolicy*>{&measured.workloads[0], &measured.workloads[1]});
  CHECK(four.workload_class.key == "::policytune::hub::value_key<::cuda::std::size_t{4}>, ::std::uint32_t");
  CHECK(four.comment() == "class sizeof(AccumT)=4, OffsetT=U32: T{ct}=I32, T{ct}=F32 measured to agree: ipt_16");
  // The offset axis is exact: 64-bit offsets are a class of their own, served by their one member.
  CHECK(grouping.links[1].workload_class.key ==
        "::policytune::hub::value_key<::cuda::std::size_t{4}>, ::std::uint64_t");
  CHECK(grouping.links[1].members == std::vector<const WorkloadPolicy*>{&measured.workloads[2]});
}

TEST_CASE("a class whose measured members disagree gets no class link, and a note", "[classes]") {
  const testing::TemporaryDirectory directory("classes");
  const ArchitecturePolicies measured =
      link_of({tuned("T{ct}=F64,OffsetT{ct}=U32", "ipt_7", 7), tuned("T{ct}=I64,OffsetT{ct}=U32", "ipt_16", 16)});
  const ClassGrouping grouping = group_classes(classes_template(directory), measured);
  CHECK(grouping.links.empty());
  CHECK(grouping.notes == std::vector<std::string>{"class sizeof(AccumT)=8, OffsetT=U32: no class policy, its measured "
                                                   "members disagree (T{ct}=F64: ipt_7; T{ct}=I64: ipt_16)"});
}

TEST_CASE("a tuned member and a member that kept base disagree", "[classes]") {
  const testing::TemporaryDirectory directory("classes");
  const ArchitecturePolicies measured =
      link_of({base("T{ct}=I32,OffsetT{ct}=U32"), tuned("T{ct}=F32,OffsetT{ct}=U32", "ipt_16", 16)});
  const ClassGrouping grouping = group_classes(classes_template(directory), measured);
  CHECK(grouping.links.empty());
  REQUIRE(grouping.notes.size() == 1);
  CHECK_THAT(grouping.notes[0], Catch::Contains("disagree (T{ct}=I32: base; T{ct}=F32: ipt_16)"));
}

TEST_CASE("a class that agreed on the library's default gets no class link", "[classes]") {
  const testing::TemporaryDirectory directory("classes");
  const ArchitecturePolicies measured = link_of({base("T{ct}=U16,OffsetT{ct}=U32"), base("T{ct}=I16,OffsetT{ct}=U32")});
  const ClassGrouping grouping = group_classes(classes_template(directory), measured);
  CHECK(grouping.links.empty());
  CHECK(grouping.notes == std::vector<std::string>{
                              "class sizeof(AccumT)=2, OffsetT=U32: no class policy, T{ct}=U16, T{ct}=I16 measured to "
                              "agree on base"});
}

TEST_CASE("a workload of unknown size has no class; a stated size classes a user's label", "[classes]") {
  const testing::TemporaryDirectory directory("classes");
  const ArchitecturePolicies measured =
      link_of({tuned("T{ct}=C32,OffsetT{ct}=U32", "ipt_12", 12), tuned("T{ct}=V3,OffsetT{ct}=U32", "ipt_9", 9)});
  const ClassGrouping grouping = group_classes(classes_template(directory), measured);
  REQUIRE(grouping.links.size() == 1);
  CHECK(grouping.links[0].workload_class.name == "sizeof(AccumT)=12, OffsetT=U32");
  CHECK(grouping.links[0].members == std::vector<const WorkloadPolicy*>{&measured.workloads[1]});
  REQUIRE(grouping.notes.size() == 1);
  CHECK_THAT(grouping.notes[0], Catch::StartsWith("T{ct}=C32,OffsetT{ct}=U32: no class policy, the size of C32 is "
                                                  "unknown"));
}

TEST_CASE("with a dispatch, members agree only on the same ranges and thresholds", "[classes][dispatch]") {
  const testing::TemporaryDirectory directory("classes");
  const PolicyTemplate t = classes_template(directory);
  const ArchitecturePolicies same =
      link_of({ranged("T{ct}=I32,OffsetT{ct}=U32", 1 << 22), ranged("T{ct}=F32,OffsetT{ct}=U32", 1 << 22)});
  const ClassGrouping agreeing = group_classes(t, same);
  REQUIRE(agreeing.links.size() == 1);
  CHECK_THAT(agreeing.links[0].comment(),
             Catch::EndsWith("measured to agree: 2 policies over Elements{io} (ipt_7, ipt_16; thresholds 4194304)"));
  const ArchitecturePolicies other_cut =
      link_of({ranged("T{ct}=I32,OffsetT{ct}=U32", 1 << 22), ranged("T{ct}=F32,OffsetT{ct}=U32", 1 << 20)});
  CHECK(group_classes(t, other_cut).links.empty());
  // One policy everywhere is not the same as ipt_16 on the upper range only.
  const ArchitecturePolicies one_policy =
      link_of({ranged("T{ct}=I32,OffsetT{ct}=U32", 1 << 22), tuned("T{ct}=F32,OffsetT{ct}=U32", "ipt_16", 16)});
  CHECK(group_classes(t, one_policy).links.empty());
}

TEST_CASE("without a class directive nothing is grouped", "[classes]") {
  const testing::TemporaryDirectory directory("classes");
  const PolicyTemplate t = load_policy_template(
      directory.write("t.mustache",
                      "{{! policytune-template 1 }}\n{{! hub: h<class AccumT> }}\n{{! default: ::cub::d<AccumT> }}\n"
                      "{{! key: AccumT }}\nusing P = int;\n"));
  const ClassGrouping grouping =
      group_classes(t, link_of({tuned("T{ct}=I32", "ipt_16", 16), tuned("T{ct}=F32", "ipt_16", 16)}));
  CHECK(grouping.links.empty());
  CHECK(grouping.notes.empty());
}
