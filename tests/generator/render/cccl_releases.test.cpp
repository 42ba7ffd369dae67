#include "render/cccl_releases.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/measurement.hpp"
#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"
#include "support/user_error_text.hpp"

using namespace policytune;

namespace {

// A header set `name` whose cub/version.cuh holds `text`; returns the include folder.
std::string headers(testing::TemporaryDirectory& directory, const std::string& name, const std::string& text) {
  std::filesystem::create_directories(directory.path() / name / "cub");
  directory.write(name + "/cub/version.cuh", text);
  return directory.file(name);
}

}  // namespace

TEST_CASE("releases are read as CCCL writes them, and a format takes the releases whose dispatch takes it",
          "[cccl_releases]") {
  CHECK(parse_cccl_release("3.5") == 305);
  CHECK(parse_cccl_release("3.5.0") == 305);
  CHECK(parse_cccl_release("13.1.115") == 1301);
  CHECK_FALSE(parse_cccl_release("3"));
  // Malformed or unknown releases: a fifth part, leading zeros, a major below CCCL's first.
  // CCCL's CMake package gives four parts (3.0.1.0): the tweak is taken, a fifth part is not.
  CHECK(parse_cccl_release("3.0.1.0") == 300);
  for (const char* bad : {"3.0.1.2.3", "3.0.1.00", "03.1", "3.05", "3.0.01", "0.9", "1.9", "3.0.1000", "3.", ".3", ""})
    CHECK_FALSE(parse_cccl_release(bad));
  CHECK(parse_cccl_release("2.8.0") == 208);
  CHECK_FALSE(parse_cccl_release("v3.5"));
  CHECK(releases_taking(HubFormat::chained_policy).contains(300));
  CHECK(releases_taking(HubFormat::chained_policy).contains(305));
  CHECK_FALSE(releases_taking(HubFormat::policy_selector).contains(303));
  CHECK(releases_taking(HubFormat::policy_selector).contains(304));
}

TEST_CASE("the release of a header set is its CUB_VERSION", "[cccl_releases]") {
  testing::TemporaryDirectory directory("headers");
  CHECK(release_of_headers(headers(directory, "good", "#pragma once\n// CUB\n#define CUB_VERSION 300500 // 3.5.0\n")) ==
        305);
  CHECK(release_of_headers(headers(directory, "patch", "#define CUB_VERSION 300403\n")) == 304);
  const std::string odd = headers(directory, "odd", "\n#define CUB_VERSION 12\n");
  CHECK(testing::user_error_of([&] { release_of_headers(odd); }) ==
        odd + "/cub/version.cuh:2: CUB_VERSION 12 is not a release");
  const std::string none = headers(directory, "none", "#define THRUST_VERSION 300500\n");
  CHECK(testing::user_error_of([&] { release_of_headers(none); }) ==
        none + "/cub/version.cuh:0: no #define CUB_VERSION: not CCCL's headers");
}

TEST_CASE("the release results were measured with is read from them, and only one", "[cccl_releases]") {
  const auto measured = [](const std::string& benchmark, const std::string& hash, const std::string& library) {
    Measurement m;
    m.benchmark = benchmark;
    m.source_hash = hash;
    m.library = library;
    return m;
  };
  std::vector<Measurement> results{measured("reduce.sum", "h1", "CCCL 3.4.3"),
                                   measured("reduce.sum", "h0", "CCCL 3.0.1"), measured("scan.sum", "h1", "CCCL 3.0.1"),
                                   measured("reduce.sum", "h1", "host")};
  CHECK(release_measured(results, "reduce.sum", "h1", "t.db") == 304);
  CHECK_FALSE(release_measured(results, "reduce.sum", "h2", "t.db"));
  results.push_back(measured("reduce.sum", "h1", "CCCL 3.5.0"));
  CHECK(testing::user_error_of([&] { release_measured(results, "reduce.sum", "h1", "t.db"); }) ==
        "t.db:0: the results of reduce.sum were measured with CCCL 3.4.3, CCCL 3.5.0: say which release the hub is "
        "for with --cccl");
}
