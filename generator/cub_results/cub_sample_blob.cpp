#include "cub_results/cub_sample_blob.hpp"

#if POLICYTUNE_HAVE_FPZIP
#include <fpzip.h>
#include <stdio.h>
#endif

#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>

namespace policytune {

#if POLICYTUNE_HAVE_FPZIP
namespace {

// More samples than NVBench takes of one state by far; a header claiming more is damaged.
constexpr std::int64_t kMostSamples = 10'000'000;

struct CloseFile {
  void operator()(FILE* file) const noexcept { std::fclose(file); }
};

struct CloseStream {
  void operator()(FPZ* stream) const noexcept { fpzip_read_close(stream); }
};

std::string fpzip_error() { return fpzip_errno == fpzipSuccess ? "unknown error" : fpzip_errstr[fpzip_errno]; }

template <typename Value>
std::vector<double> read_values(FPZ* stream, std::int64_t count) {
  std::vector<Value> values(static_cast<std::size_t>(count));
  if (fpzip_read(stream, values.data()) == 0) throw std::runtime_error("fpzip: " + fpzip_error());
  return {values.begin(), values.end()};
}

}  // namespace

std::vector<double> decode_cub_samples(const std::string& blob) {
  if (blob.empty()) throw std::runtime_error("no samples");
  // Read through a FILE bounded by the blob: fpzip's buffer reader would run past a truncated one.
  std::unique_ptr<FILE, CloseFile> file(fmemopen(const_cast<char*>(blob.data()), blob.size(), "rb"));
  if (!file) throw std::runtime_error("cannot read the samples");
  std::unique_ptr<FPZ, CloseStream> stream(fpzip_read_from_file(file.get()));
  if (!stream || fpzip_read_header(stream.get()) == 0) {
    throw std::runtime_error("the samples are not an fpzip stream (" + fpzip_error() + ")");
  }
  const FPZ& header = *stream;
  const std::int64_t dimensions[] = {header.nx, header.ny, header.nz, header.nf};
  std::int64_t count = 1;
  for (const std::int64_t n : dimensions) {
    if (n < 1 || n > kMostSamples) throw std::runtime_error("the samples' fpzip header is damaged");
    count *= n;
    if (count > kMostSamples) throw std::runtime_error("the samples' fpzip header is damaged");
  }
  std::vector<double> samples;
  if (header.type == FPZIP_TYPE_FLOAT) {
    samples = read_values<float>(stream.get(), count);
  } else if (header.type == FPZIP_TYPE_DOUBLE) {
    samples = read_values<double>(stream.get(), count);
  } else {
    throw std::runtime_error("the samples' fpzip header is damaged");
  }
  for (const double sample : samples) {
    if (!std::isfinite(sample) || sample <= 0) throw std::runtime_error("the samples are not times in seconds");
  }
  return samples;
}

#else

std::vector<double> decode_cub_samples(const std::string&) {
  throw std::runtime_error("this policytune was built without fpzip (the portable build): samples cannot be read");
}

#endif

}  // namespace policytune
