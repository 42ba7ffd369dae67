// SPDX-License-Identifier: Apache-2.0
// Out-of-place blocked transpose of an N x N matrix on the host.
//
// A host benchmark worth tuning: the naive loop (tile 1) writes one element per cache line and,
// at power-of-two N, keeps evicting its own lines; square tiles keep a tile's source rows and
// destination rows in cache, and unrolling over source rows turns the writes into short runs.
// Tile and unroll change the speed several-fold.
//
// %RANGE% TUNE_TILE_POW2 tile 0:6:1
// %RANGE% TUNE_UNROLL_POW2 unroll 0:2:1
// %TEST% tile_4.unroll_1

#include <policytune/bench.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

#if TUNE_BASE
// The library's default: 8 x 8 tiles, one source row at a time.
constexpr std::int64_t tile   = 8;
constexpr std::int64_t unroll = 1;
#else
constexpr std::int64_t tile   = std::int64_t{1} << TUNE_TILE_POW2;
constexpr std::int64_t unroll = std::int64_t{1} << TUNE_UNROLL_POW2;
#endif

#ifdef TUNE_T
using value_types = nvbench::type_list<TUNE_T>;
#else
using value_types = nvbench::type_list<float, double>;
#endif

/// out[j][i] = in[i][j]. Within a tile, `Unroll` source rows are read side by side so that each
/// destination row receives `Unroll` consecutive elements per step.
template <std::int64_t Tile, std::int64_t Unroll, class T>
void transpose(const T* __restrict in, T* __restrict out, std::int64_t n)
{
  for (std::int64_t ii = 0; ii < n; ii += Tile)
  {
    const std::int64_t i_end = ii + Tile < n ? ii + Tile : n;
    for (std::int64_t jj = 0; jj < n; jj += Tile)
    {
      const std::int64_t j_end = jj + Tile < n ? jj + Tile : n;
      std::int64_t i           = ii;
      for (; i + Unroll <= i_end; i += Unroll)
      {
        for (std::int64_t j = jj; j < j_end; ++j)
        {
          T* dst = out + j * n + i;
          for (std::int64_t u = 0; u < Unroll; ++u) // constant trip count: fully unrolled
          {
            dst[u] = in[(i + u) * n + j];
          }
        }
      }
      for (; i < i_end; ++i)
      {
        for (std::int64_t j = jj; j < j_end; ++j)
        {
          out[j * n + i] = in[i * n + j];
        }
      }
    }
  }
}

template <class T>
void blocked(nvbench::state& state, nvbench::type_list<T>)
{
  // Elements{io} is the exponent of the matrix side: N x N elements.
  const std::int64_t n     = state.get_int64("Elements{io}");
  const std::size_t  count = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);

  std::vector<T> in(count), out(count), expected(count);
  for (std::int64_t i = 0; i < n; ++i)
  {
    for (std::int64_t j = 0; j < n; ++j)
    {
      // Distinct small integers: exact in float and double.
      in[static_cast<std::size_t>(i * n + j)] = static_cast<T>((i * 2053 + j * 7) % 1000003);
    }
  }
  for (std::int64_t i = 0; i < n; ++i)
  {
    for (std::int64_t j = 0; j < n; ++j)
    {
      expected[static_cast<std::size_t>(j * n + i)] = in[static_cast<std::size_t>(i * n + j)];
    }
  }

  state.add_element_count(count);
  state.add_global_memory_reads<T>(count);
  state.add_global_memory_writes<T>(count);

  state.verify_with([&] {
    return policytune::bench::expect_equal(out, expected);
  });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    transpose<tile, unroll>(in.data(), out.data(), n);
  });
}

NVBENCH_BENCH_TYPES(blocked, NVBENCH_TYPE_AXES(value_types))
  .set_name("base")
  .set_type_axes_names({"T{ct}"})
  .add_int64_power_of_two_axis("Elements{io}", nvbench::range(9, 11, 2));
