#include "cub_results/cub_sample_blob.hpp"

#include <fpzip.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "store/sqlite.hpp"
#include "support/cub_results_database.hpp"

using namespace policytune;

namespace {

// What Python's fpzip.compress writes for a one-dimensional array: a header, then the stream.
template <typename Value>
std::string fpzip_compressed(const std::vector<Value>& values, int nx_in_header) {
  std::string buffer(1024 + values.size() * sizeof(Value) * 2, '\0');
  FPZ* stream = fpzip_write_to_buffer(buffer.data(), buffer.size());
  REQUIRE(stream != nullptr);
  stream->type = sizeof(Value) == 4 ? FPZIP_TYPE_FLOAT : FPZIP_TYPE_DOUBLE;
  stream->prec = 0;
  stream->nx = nx_in_header;
  stream->ny = stream->nz = stream->nf = 1;
  REQUIRE(fpzip_write_header(stream) != 0);
  const std::size_t written = values.empty() ? 0 : fpzip_write(stream, values.data());
  fpzip_write_close(stream);
  buffer.resize(written);
  return buffer;
}

// Only a header, for an array of nx x ny floats: the encoder's bytes up to the zeros after them.
std::string fpzip_header_only(int nx, int ny) {
  std::string buffer(1024, '\0');
  FPZ* stream = fpzip_write_to_buffer(buffer.data(), buffer.size());
  REQUIRE(stream != nullptr);
  stream->type = FPZIP_TYPE_FLOAT;
  stream->prec = 0;
  stream->nx = nx;
  stream->ny = ny;
  stream->nz = stream->nf = 1;
  REQUIRE(fpzip_write_header(stream) != 0);
  fpzip_write_close(stream);
  buffer.erase(buffer.find_last_not_of('\0') + 1);
  return buffer;
}

}  // namespace

TEST_CASE("the samples CUB's scripts stored decode to the times they compressed", "[cub_results]") {
  SqliteConnection connection(testing::kCubResultsDatabase, SqliteAccess::read_only);
  auto select = connection.prepare("SELECT samples, center FROM \"cub.bench.reduce.sum.base\" ORDER BY rowid");
  REQUIRE(select.step());
  const auto samples = decode_cub_samples(select.blob(0));
  REQUIRE(samples.size() == 40);
  CHECK(std::is_sorted(samples.begin(), samples.end()));                           // as bench.py sorts them
  CHECK((samples[19] + samples[20]) / 2 == Approx(select.real(1)).epsilon(1e-6));  // numpy's median is its center
}

TEST_CASE("float and double streams decode losslessly", "[cub_results]") {
  const std::vector<float> floats{1.5e-6F, 2.25e-5F, 3.0F};
  CHECK(decode_cub_samples(fpzip_compressed(floats, 3)) == std::vector<double>{1.5e-6F, 2.25e-5F, 3.0F});
  const std::vector<double> doubles{1e-9, 0.125};
  CHECK(decode_cub_samples(fpzip_compressed(doubles, 2)) == doubles);
}

TEST_CASE("a stream that is not samples is an error, never a crash or a number", "[cub_results]") {
  const std::string good = fpzip_compressed(std::vector<float>(64, 2e-6F), 64);
  CHECK_THROWS_WITH(decode_cub_samples(""), "no samples");
  CHECK_THROWS_AS(decode_cub_samples("this is not fpzip"), std::runtime_error);
  CHECK_THROWS_AS(decode_cub_samples(good.substr(0, 12)), std::runtime_error);  // cut after the header
  // A header that claims more samples (4000 x 4000) than any run takes, and nothing after it.
  CHECK_THROWS_WITH(decode_cub_samples(fpzip_header_only(4000, 4000)), Catch::Contains("header is damaged"));
  CHECK_THROWS_WITH(decode_cub_samples(fpzip_compressed(std::vector<float>{1e-6F, -1.0F}, 2)),
                    Catch::Contains("not times in seconds"));
  CHECK_THROWS_WITH(decode_cub_samples(fpzip_compressed(std::vector<float>{1e-6F, 0.0F}, 2)),
                    Catch::Contains("not times in seconds"));
  CHECK_THROWS_WITH(decode_cub_samples(fpzip_compressed(std::vector<double>{std::nan("")}, 1)),
                    Catch::Contains("not times in seconds"));
}

TEST_CASE("a header claiming more samples than fpzip fits in the blob is refused before decoding", "[cub_results]") {
  // A million floats claimed in 64 bytes: decoding it read far past the blob (minutes, or a crash).
  std::string lying = fpzip_header_only(1000000, 1);
  REQUIRE(lying.size() < 64);
  lying.resize(64, '\0');
  CHECK_THROWS_WITH(decode_cub_samples(lying),
                    "the samples' fpzip header claims 1000000 values, more than fpzip fits in its 64 bytes");
  // Streams as short as fpzip writes them still decode: equal samples pack thousands to a byte.
  const std::vector<float> equal(100000, 2e-6F);
  const std::string packed = fpzip_compressed(equal, 100000);
  REQUIRE(packed.size() < 1000);
  CHECK(decode_cub_samples(packed) == std::vector<double>(equal.begin(), equal.end()));
  const std::vector<double> equal_doubles(50000, 3e-5);
  CHECK(decode_cub_samples(fpzip_compressed(equal_doubles, 50000)) == equal_doubles);
}
