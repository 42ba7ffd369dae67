// The names CUB's benchmarks' type axes get from PolicyTune's <nvbench_helper.cuh>, checked where
// they are made: at compile time (this file is built, never run). A wrong spelling would build a
// variant of another type than base measured.
#define POLICYTUNE_BENCH_NO_MAIN
#include <nvbench_helper.cuh>

#include <string_view>

namespace
{
template <class T>
constexpr std::string_view label = nvbench::type_strings<T>::label;
template <class T>
constexpr std::string_view spelling = nvbench::type_strings<T>::spelling;

// transform/heavy.cu's Heaviness{ct}: its value, spelled as the type.
static_assert(label<::cuda::std::integral_constant<int, 32>> == "32");
static_assert(spelling<::cuda::std::integral_constant<int, 32>> == "::cuda::std::integral_constant<int, 32>");
static_assert(spelling<::cuda::std::integral_constant<unsigned long long, 1024>>
              == "::cuda::std::integral_constant<unsigned long long, 1024>");
// reduce/arg_extrema.cu's Operation{ct}.
static_assert(label<::cub::ArgMin> == "ArgMin" && spelling<::cub::ArgMax> == "::cub::ArgMax");
} // namespace
