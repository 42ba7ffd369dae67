#include "cub_results/cub_sample_blob.hpp"

#if POLICYTUNE_HAVE_FPZIP
#include <fpzip.h>
#include <stdio.h>
#endif

#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

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

struct CloseWriter {
  void operator()(FPZ* stream) const noexcept { fpzip_write_close(stream); }
};

// Whether fpzip can write `header`'s count of values in `bytes`. No stream of them is shorter than
// that of as many zeros (every prediction exact, the first one too), so a header claiming more
// values than that stream fits in the blob lies, and decoding it would read far past the blob's
// end (a million floats claimed in 64 bytes spun for minutes, or crashed inside fpzip).
template <typename Value>
bool fits_in(const FPZ& header, std::int64_t count, std::size_t bytes) {
  const std::vector<Value> zeros(static_cast<std::size_t>(count), Value(0));
  std::string buffer(bytes, '\0');
  const std::unique_ptr<FPZ, CloseWriter> writer(fpzip_write_to_buffer(buffer.data(), buffer.size()));
  if (!writer) return false;
  writer->type = header.type;
  writer->prec = header.prec;
  writer->nx = header.nx;
  writer->ny = header.ny;
  writer->nz = header.nz;
  writer->nf = header.nf;
  return fpzip_write_header(writer.get()) != 0 && fpzip_write(writer.get(), zeros.data()) != 0;
}

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
  if (header.type != FPZIP_TYPE_FLOAT && header.type != FPZIP_TYPE_DOUBLE) {
    throw std::runtime_error("the samples' fpzip header is damaged");
  }
  // Checked where a lie could cost: no more values than the blob has bytes decode in no time.
  if (count > static_cast<std::int64_t>(blob.size())) {
    const bool fits = header.type == FPZIP_TYPE_FLOAT ? fits_in<float>(header, count, blob.size())
                                                      : fits_in<double>(header, count, blob.size());
    if (!fits) {
      throw std::runtime_error("the samples' fpzip header claims " + std::to_string(count) +
                               " values, more than fpzip fits in its " + std::to_string(blob.size()) + " bytes");
    }
  }
  std::vector<double> samples = header.type == FPZIP_TYPE_FLOAT ? read_values<float>(stream.get(), count)
                                                                : read_values<double>(stream.get(), count);
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
