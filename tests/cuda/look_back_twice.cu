// A variant's code that includes <look_back_helper.cuh> twice, as CCCL 3.4's scan benchmarks do
// (the source, then scan/policy_selector.h): the delay is defined once and names the variant's
// values. Built, never run, with the release's headers (tests/cccl_releases.cmake).
#define POLICYTUNE_BENCH_NO_MAIN
#define TUNE_DELAY_CONSTRUCTOR_ID 1
#define TUNE_MAGIC_NS 440
#define TUNE_L2_WRITE_LATENCY_NS 650
#include <look_back_helper.cuh>
#include <look_back_helper.cuh>

#include <type_traits>

static_assert(std::is_same_v<delay_constructor_t, ::cub::detail::fixed_delay_constructor_t<440, 650>>);
#if CUB_VERSION >= 300400 && CUB_VERSION < 300500
static_assert(delay_constructor_policy.delay == 440 && delay_constructor_policy.l2_write_latency == 650);
#endif
