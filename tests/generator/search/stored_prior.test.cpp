#include "search/stored_prior.hpp"

#include <catch2/catch.hpp>

#include <string>
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
  const SearchPrior prior = stored_prior(rows, "tiny.sum", "T{ct}=I32", kHere, space, points);
  CHECK(prior.sources() == 2);
  // Points: unroll 1..4 are 0..3; ranks among each device's variants of this space. A100:
  // unroll_3 1, unroll_1 1/2, unroll_2 0; L4: unroll_1 1, unroll_3 0.
  CHECK(*prior.score({2}) == Approx((1.0 + 0.0) / 2));
  CHECK(*prior.score({0}) == Approx((0.5 + 1.0) / 2));
  CHECK(*prior.score({1}) == 0.0);
  CHECK_FALSE(prior.score({3}));
  CHECK(prior.ranked() == std::vector<Point>{{0}, {2}, {1}});

  CHECK(stored_prior(rows, "tiny.sum", "T{ct}=U8", kHere, space, points).empty());
}
