// Policy templates: directives and the mustache body, checked against a fixed benchmark space.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/user_error.hpp"
#include "input_file.hpp"
#include "render/policy_template.hpp"
#include "render/release_template.hpp"
#include "space/search_space.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace policytune;
  static const SearchSpace space = parse_search_space(
      "// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1\n// %RANGE% TUNE_THREADS_PER_BLOCK tpb 128:1024:32\n", "fuzz.cu");
  try {
    const PolicyTemplate parsed = load_policy_template(fuzz::input_file(data, size, ".mustache"));
    check_template_fits(parsed, space, "reduce.sum", "bench/reduce/sum.cu");
    for (const int release : {300, 305}) {
      try {
        check_template_release(parsed, release);
      } catch (const UserError&) {}
    }
  } catch (const UserError&) {}
  return 0;
}
