// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: sample statistics and the stopping rule.
#pragma once

#include <policytune/bench/clock.hpp>
#include <policytune/protocol/sampling_defaults.hpp>

#include <vector>

#if !defined(__GNUC__) && !defined(__clang__)
#  include <cmath>
#endif

namespace policytune::bench
{
/// Times are in seconds. States that took no samples report count 0 and zeros.
struct sample_stats
{
  long long count = 0;
  double median   = 0.0;
  double mean     = 0.0;
  double stddev   = 0.0;
  double min      = 0.0;
  double max      = 0.0;
};

/// When sampling stops: at least `min_samples` samples and a relative noise of the median at most
/// `max_noise`, or, past `min_samples`, `max_time` seconds of wall time spent sampling; or
/// `max_sample_count` samples. `min_samples` always holds, so a driver can require it of every state.
/// The defaults are the tool's (protocol/sampling_defaults.hpp): a state run by hand samples as one
/// run by `policytune search`.
struct run_settings
{
  long long min_samples = protocol::default_min_samples;
  double max_noise      = protocol::default_max_noise_percent / 100; // a fraction; --max-noise is percent
  double max_time       = protocol::default_max_time_seconds;

  static constexpr long long max_sample_count = protocol::max_sample_count;
};

namespace detail
{
// Called once per sample, not inside the timed region: kept out of line so that every
// instantiation of state::exec does not carry (and compile) its own copy.
#if defined(__GNUC__) || defined(__clang__)
#  define POLICYTUNE_BENCH_NOINLINE __attribute__((noinline))
#else
#  define POLICYTUNE_BENCH_NOINLINE
#endif

inline double square_root(double x)
{
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_sqrt(x);
#else
  return std::sqrt(x);
#endif
}

/// The median of `v` (which it reorders): quickselect, then the largest value left of the middle
/// for an even count.
POLICYTUNE_BENCH_NOINLINE inline double median_in_place(std::vector<double>& v)
{
  const long long n = static_cast<long long>(v.size());
  if (n == 0)
  {
    return 0.0;
  }
  const long long k = n / 2;
  long long l = 0, r = n - 1;
  while (l < r)
  {
    const double a = v[l], b = v[(l + r) / 2], c = v[r];
    const double pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b));
    long long i = l, j = r;
    while (i <= j)
    {
      while (v[i] < pivot)
      {
        ++i;
      }
      while (v[j] > pivot)
      {
        --j;
      }
      if (i <= j)
      {
        const double t = v[i];
        v[i]           = v[j];
        v[j]           = t;
        ++i;
        --j;
      }
    }
    if (k <= j)
    {
      r = j;
    }
    else if (k >= i)
    {
      l = i;
    }
    else
    {
      break; // v[j+1 .. i-1] all equal the pivot
    }
  }
  const double upper = v[k];
  if (n % 2 == 1)
  {
    return upper;
  }
  double lower = v[0];
  for (long long i = 1; i < k; ++i)
  {
    lower = v[i] > lower ? v[i] : lower;
  }
  return (lower + upper) / 2.0;
}

/// Collects samples and decides when to stop.
class sampler
{
public:
  explicit sampler(const run_settings& settings)
      : m_settings(settings)
      , m_begin(steady_clock::now())
  {}

  POLICYTUNE_BENCH_NOINLINE void add(double seconds)
  {
    m_samples.push_back(seconds);
    // Welford's running mean and sum of squared deviations.
    const double n     = static_cast<double>(m_samples.size());
    const double delta = seconds - m_mean;
    m_mean += delta / n;
    m_m2 += delta * (seconds - m_mean);
  }

  POLICYTUNE_BENCH_NOINLINE bool done()
  {
    const long long n = static_cast<long long>(m_samples.size());
    if (n >= run_settings::max_sample_count)
    {
      return true;
    }
    if (n < m_settings.min_samples)
    {
      return false;
    }
    if (seconds_between(m_begin, steady_clock::now()) >= m_settings.max_time)
    {
      return true;
    }
    if (n < m_next_check)
    {
      return false;
    }
    // The median costs O(n); checking at geometrically spaced counts keeps the total linear.
    m_next_check = n + (n / 16 > 1 ? n / 16 : 1);
    return noise() <= m_settings.max_noise;
  }

  /// Relative noise of the median: 1.2533 * stddev / sqrt(n) / median.
  POLICYTUNE_BENCH_NOINLINE double noise()
  {
    const long long n = static_cast<long long>(m_samples.size());
    if (n < 2)
    {
      return 0.0;
    }
    m_scratch           = m_samples;
    const double median = median_in_place(m_scratch);
    const double stddev = square_root(m_m2 / static_cast<double>(n - 1));
    if (!(median > 0.0))
    {
      return stddev == 0.0 ? 0.0 : 1e300;
    }
    return 1.2533 * stddev / square_root(static_cast<double>(n)) / median;
  }

  POLICYTUNE_BENCH_NOINLINE sample_stats stats()
  {
    sample_stats s;
    s.count = static_cast<long long>(m_samples.size());
    if (s.count == 0)
    {
      return s;
    }
    s.mean   = m_mean;
    s.stddev = s.count > 1 ? square_root(m_m2 / static_cast<double>(s.count - 1)) : 0.0;
    s.min = s.max = m_samples[0];
    for (double v : m_samples)
    {
      s.min = v < s.min ? v : s.min;
      s.max = v > s.max ? v : s.max;
    }
    m_scratch = m_samples;
    s.median  = median_in_place(m_scratch);
    return s;
  }

private:
  run_settings m_settings;
  steady_clock::time_point m_begin;
  std::vector<double> m_samples;
  std::vector<double> m_scratch;
  double m_mean           = 0.0;
  double m_m2             = 0.0;
  long long m_next_check  = 0;
};
} // namespace detail
} // namespace policytune::bench
