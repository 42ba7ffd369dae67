// `-a` axis filters: 'T{ct}=I32', 'T{ct}=[I32,I64]', 'Elements{io}[pow2]=16:28:4'.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/user_error.hpp"
#include "space/axis_filter.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace policytune;
  const std::string spec(reinterpret_cast<const char*>(data), size);
  try {
    const AxisFilter filter = parse_axis_filter(spec);
    // What a filter prints is what it reads back.
    if (parse_axis_filter(filter.spec()).spec() != filter.spec()) __builtin_trap();
    (void)filter.allows("16");
  } catch (const UserError&) {}
  return 0;
}
