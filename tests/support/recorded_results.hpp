#pragma once

#include <string>
#include <vector>

#include "core/measurement.hpp"

namespace policytune::testing {

// Hand-made results for the generator's tests, in the shape a search records. They are synthetic
// (the devices say so in their names): no GPU measured them.
struct RecordedResults {
  std::string reduce_source;     // tests/data/hubs/bench/reduce/sum.cu
  std::string transpose_source;  // tests/data/hubs/bench/transpose/blocked.cpp
  std::string plain_source;      // tests/data/hubs/bench/plain/scale.cpp
  std::vector<Measurement> rows;
};

// sm_80 and sm_90 (and a host): on sm_90, F32 has a clear winner, I32's best is within noise and
// F64's variants are all slower; on sm_80, F32 and I32 have winners. `architectures` picks which
// GPU architectures to include ("80", "90").
RecordedResults recorded_results(const std::vector<std::string>& architectures = {"80", "90"});

// reduce.sum on sm_80 and sm_90 where the best policy changes with Elements{io} (2^16..2^28): on
// sm_90 F32 is best served by two ranges and I32 by one policy everywhere; on sm_80 F32 by three
// ranges, the smallest by base.
RecordedResults recorded_size_dependent_results();

// reduce.sum on sm_80 and sm_90 for type classes (tests/data/hubs/templates/reduce_classes.mustache),
// on 2^16..2^28 elements. sm_90: I32 and F32 (4 bytes) win the same, ipt_7 on small sizes and
// ipt_16 on large ones, so with or without --dispatch they agree; F64 and I64 (8 bytes) win
// different variants; U16 and V3 (12 bytes) keep base; C32 (of no stated size) and I32 with U64
// offsets win. sm_80: I32 and F32 win different variants.
RecordedResults recorded_class_results();

// plain.scale, a host benchmark without compile-time axes, on 2^8..2^12 elements: block_1 is best
// on the smallest size, block_3 on the others and overall.
RecordedResults recorded_plain_results();

}  // namespace policytune::testing
