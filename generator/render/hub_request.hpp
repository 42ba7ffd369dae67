#pragma once

#include <optional>
#include <string>
#include <vector>

#include "space/search_space.hpp"

namespace policytune {

// What `policytune generate` renders: for tuned, the database decides; base renders the library
// defaults everywhere; test renders the benchmark's declared test variant (reproducible CI builds).
enum class RenderMode { tuned, base, test };

// What `generate` asks of a hub, besides its template and the policies.
struct HubRequest {
  std::string benchmark;   // "reduce.sum"
  std::string name_space;  // "mylib::tuning": validated before it reaches C++ text
  std::string database;    // shown in the header, as its file name
  RenderMode mode = RenderMode::tuned;
  std::vector<std::string> architectures;  // requested SM numbers ("80", "90"); may be empty in tuned mode
  std::optional<Variant> test_variant;     // test mode
  // Non-empty: the hub takes a policy per range of this runtime axis (`Elements{io}`): an
  // `int Range = 0` template parameter and a constexpr selector, one range wherever no dispatch was
  // kept, so that code written against the selector compiles whatever the measurements say.
  std::string dispatch_axis;
};

}  // namespace policytune
