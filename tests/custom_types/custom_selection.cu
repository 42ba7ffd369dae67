// SPDX-License-Identifier: Apache-2.0
// Which policy each algorithm of the API gives a user's type and operator, checked on the host (no
// GPU needed: cub::ChainedPolicy::Invoke picks a link for a PTX version), and that each hub is
// registered for exactly its type and operator. One translation unit per CCCL release: the hubs
// were rendered in test mode by the tune_algorithm(ALGORITHM ...) calls of CMakeLists.txt. With
// CUSTOM_SELECTION_CALLS=1 every API call is compiled too (their kernels are what costs: CMakeLists.txt
// compiles them once per release, for one architecture, apart from the checks), and with
// CUSTOM_SELECTION_CALLS_ONLY=1 the calls alone: a user's code, which from CCCL 3.5 must compile with
// -Werror=deprecated-declarations (the checks themselves name CUB's deprecated hubs).
#include <cstdio>

// Every registration first: a check that asks whether another algorithm's hub is registered for a
// type names custom_hub<...> for it, which must come after the specialisation (as a user's call
// must come after the header that registers the hub).
#include "entry_sort.cuh"
#include "float_absolute_max.cuh"
#include "vec3_above.cuh"
#include "vec3_by_key.cuh"
#include "vec3_scan.cuh"
#include "vec3_sum.cuh"

#include "exclusive_scan_selection.cuh"
#include "radix_sort_selection.cuh"
#include "reduce_by_key_selection.cuh"
#include "reduce_selection.cuh"
#include "select_if_selection.cuh"

#if !CUSTOM_SELECTION_CALLS_ONLY
int main()
{
  reduce_check::run();
  exclusive_scan_check::run();
  reduce_by_key_check::run();
  radix_sort_check::run();
  select_if_check::run();
  const int failures = custom_selection::failures();
  std::printf("%s\n", failures == 0 ? "all selections as expected" : "selections differ");
  return failures == 0 ? 0 : 1;
}
#endif
