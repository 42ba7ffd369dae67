#include "search/stored_prior.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "space/variant_space.hpp"

using namespace policytune;

namespace {

const DeviceIdentity kHere{"NVIDIA H200", 132, 6144, true, "9.0", "580.65"};
const DeviceIdentity kA100{"NVIDIA A100", 108, 5120, true, "8.0", "580.65"};
const DeviceIdentity kL4{"NVIDIA L4", 58, 192, false, "8.9", "580.65"};

Measurement prior_row(const DeviceIdentity& device, const std::string& variant, double median,
                      const std::string& ct_workload = "T{ct}=I32", Status status = Status::ok) {
  Measurement m;
  m.algorithm = "tiny";
  m.benchmark = "tiny.sum";
  m.device = device;
  m.toolkit = "CUDA 13.0";
  m.library = "CCCL 3.0.1";
  m.source_hash = "1111111111111111";
  m.ct_workload = ct_workload;
  m.variant = variant;
  m.entry = "sum";
  m.rt_workload = "N=1000";
  m.status = status;
  if (status == Status::ok) m.statistics = {10, median, median, median / 100, median, median};
  return m;
}

}  // namespace

TEST_CASE("a search's prior is what other devices measured of the same benchmark and workload", "[prior]") {
  const SearchSpace space = parse_search_space("// %RANGE% TUNE_UNROLL unroll 1:4:1\n", "tiny.cu");
  const std::vector<Constraint> none;
  const VariantSpace points(space, none, {});
  const std::vector<Measurement> rows{
      // This device's own results are no prior: they are measured already.
      prior_row(kHere, "base", 2.0), prior_row(kHere, "unroll_4", 0.1),
      // The A100: unroll_3 fastest, then unroll_1, unroll_2 failed; unroll_9 is not of this space.
      prior_row(kA100, "base", 2.0), prior_row(kA100, "unroll_1", 1.5), prior_row(kA100, "unroll_3", 1.0),
      prior_row(kA100, "unroll_2", 0, "T{ct}=I32", Status::run_failed), prior_row(kA100, "unroll_9", 0.5),
      // The L4 ranks unroll_1 first; its other workload and benchmarks are not this search's.
      prior_row(kL4, "base", 3.0), prior_row(kL4, "unroll_1", 1.0), prior_row(kL4, "unroll_3", 2.0),
      prior_row(kL4, "unroll_4", 0.1, "T{ct}=F32")};
  const Measurement own = prior_row(kHere, "", 0);
  const SearchPrior prior = stored_prior(rows, own, space, points);
  CHECK(prior.sources() == 2);
  // Points: unroll 1..4 are 0..3; ranks among each device's variants of this space. A100:
  // unroll_3 1, unroll_1 1/2, unroll_2 0; L4: unroll_1 1, unroll_3 0.
  CHECK(*prior.score({2}) == Approx((1.0 + 0.0) / 2));
  CHECK(*prior.score({0}) == Approx((0.5 + 1.0) / 2));
  CHECK(*prior.score({1}) == 0.0);
  CHECK_FALSE(prior.score({3}));
  CHECK(prior.ranked() == std::vector<Point>{{0}, {2}, {1}});

  Measurement other_workload = own;
  other_workload.ct_workload = "T{ct}=U8";
  CHECK(stored_prior(rows, other_workload, space, points).empty());
}

TEST_CASE("the same device under another toolkit, library or benchmark version is a source of its own", "[prior]") {
  const SearchSpace space = parse_search_space("// %RANGE% TUNE_UNROLL unroll 1:4:1\n", "tiny.cu");
  const std::vector<Constraint> none;
  const VariantSpace points(space, none, {});
  const Measurement own = prior_row(kHere, "", 0);
  std::vector<Measurement> rows{prior_row(kHere, "base", 1.5), prior_row(kHere, "unroll_1", 1.0),
                                prior_row(kHere, "unroll_2", 2.0)};
  // Only the search's own rows: nothing to learn from.
  CHECK(stored_prior(rows, own, space, points).empty());

  const auto with = [&](auto change) {
    std::vector<Measurement> more = rows;
    for (const auto& [variant, median] :
         {std::pair{"base", 1.5}, std::pair{"unroll_3", 1.0}, std::pair{"unroll_4", 2.0}}) {
      Measurement row = prior_row(kHere, variant, median);
      change(row);
      more.push_back(row);
    }
    return stored_prior(more, own, space, points);
  };
  for (const auto& prior :
       {with([](Measurement& m) { m.toolkit = "CUDA 12.9"; }), with([](Measurement& m) { m.library = "CCCL 3.5.0"; }),
        with([](Measurement& m) { m.source_hash = "2222222222222222"; })}) {
    CHECK(prior.sources() == 1);
    // What the other setup measured, ranked; this setup's own unroll_1 and unroll_2 are not in it.
    CHECK(prior.ranked() == std::vector<Point>{{2}, {3}});
  }
}
