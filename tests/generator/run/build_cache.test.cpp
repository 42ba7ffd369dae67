#include "run/build_cache.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/environment_error.hpp"
#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;
namespace fs = std::filesystem;
using Seconds = BuildCache::Seconds;

namespace {

struct CacheFolder {
  testing::TemporaryDirectory directory{"build-cache"};
  fs::path cache = directory.path() / "cache";
  std::string header = directory.write("a.h", "#define A 1\n");
  std::string binary = directory.write("built", "binary bytes \x01\x02");
};

std::string bytes_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool executable(const fs::path& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 && (status.st_mode & S_IXUSR) != 0;
}

}  // namespace

TEST_CASE("a stored binary comes back, executable, with its build time", "[build_cache]") {
  CacheFolder folder;
  const BuildCache cache(folder.cache, 1 << 20);
  CHECK_FALSE(cache.fetch("key", folder.directory.file("out")));
  cache.store("key", folder.binary, {folder.header}, Seconds(4.5));
  const auto recorded = cache.fetch("key", folder.directory.file("out"));
  REQUIRE(recorded);
  CHECK(recorded->count() == 4.5);
  CHECK(bytes_of(folder.directory.file("out")) == bytes_of(folder.binary));
  CHECK(executable(folder.directory.file("out")));
  CHECK_FALSE(cache.fetch("another key", folder.directory.file("other")));
}

TEST_CASE("a file the build read that changed or went makes a miss", "[build_cache]") {
  CacheFolder folder;
  const BuildCache cache(folder.cache, 1 << 20);
  cache.store("key", folder.binary, {folder.header}, Seconds(1));
  SECTION("changed") {
    folder.directory.write("a.h", "#define A 2\n");
    CHECK_FALSE(cache.fetch("key", folder.directory.file("out")));
    folder.directory.write("a.h", "#define A 1\n");  // as it was: served again
    CHECK(cache.fetch("key", folder.directory.file("out")));
  }
  SECTION("removed") {
    fs::remove(folder.header);
    CHECK_FALSE(cache.fetch("key", folder.directory.file("out")));
  }
}

TEST_CASE("a damaged entry is a miss, never a wrong binary", "[build_cache]") {
  CacheFolder folder;
  const BuildCache cache(folder.cache, 1 << 20);
  cache.store("key", folder.binary, {folder.header}, Seconds(1));
  const fs::path entry = folder.cache / (content_hash("key") + ".json");
  const fs::path kept = folder.cache / (content_hash("key") + ".bin");
  REQUIRE(fs::exists(entry));
  REQUIRE(fs::exists(kept));
  SECTION("a truncated binary") {
    fs::resize_file(kept, 3);
    CHECK_FALSE(cache.fetch("key", folder.directory.file("out")));
    CHECK_FALSE(fs::exists(entry));  // removed: the next store keeps it anew
    cache.store("key", folder.binary, {folder.header}, Seconds(1));
    CHECK(cache.fetch("key", folder.directory.file("out")));
  }
  SECTION("a binary missing") {
    fs::remove(kept);
    CHECK_FALSE(cache.fetch("key", folder.directory.file("out")));
  }
  SECTION("an entry that is not JSON") {
    std::ofstream(entry) << "{\"format\": 1, \"key\": ";
    CHECK_FALSE(cache.fetch("key", folder.directory.file("out")));
  }
  SECTION("an entry of another format") {
    std::ofstream(entry) << R"({"format": 99, "key": "key", "seconds": 1, "binary": "x", "reads": []})";
    CHECK_FALSE(cache.fetch("key", folder.directory.file("out")));
  }
  SECTION("an entry of another key under the same name") {
    auto text = read_text_file(entry.string());
    text.replace(text.find("\"key\":\"key\""), 11, "\"key\":\"kez\"");
    std::ofstream(entry) << text;
    CHECK_FALSE(cache.fetch("key", folder.directory.file("out")));
  }
}

TEST_CASE("past its size the cache drops the binaries used least recently", "[build_cache]") {
  CacheFolder folder;
  const std::string big(4000, 'x');
  const std::string binary = folder.directory.write("big", big);
  // Room for two entries (a binary and its few hundred bytes of entry each), not three.
  const BuildCache cache(folder.cache, 2 * big.size() + 1500);
  cache.store("first", binary, {}, Seconds(1));
  cache.store("second", binary, {}, Seconds(1));
  // Stored hours ago, the first before the second: no clock resolution in the way.
  const auto now = fs::file_time_type::clock::now();
  fs::last_write_time(folder.cache / (content_hash("first") + ".json"), now - std::chrono::hours(3));
  fs::last_write_time(folder.cache / (content_hash("second") + ".json"), now - std::chrono::hours(2));
  REQUIRE(cache.fetch("first", folder.directory.file("out")));  // used: now the most recent
  cache.store("third", binary, {}, Seconds(1));
  CHECK(cache.fetch("first", folder.directory.file("out")));
  CHECK_FALSE(cache.fetch("second", folder.directory.file("out")));
  CHECK(cache.fetch("third", folder.directory.file("out")));
}

TEST_CASE("what cannot be kept is not kept, and nothing else changes", "[build_cache]") {
  CacheFolder folder;
  const BuildCache cache(folder.cache, 1 << 20);
  cache.store("unreadable read", folder.binary, {folder.directory.file("missing.h")}, Seconds(1));
  cache.store("missing binary", folder.directory.file("no-binary"), {}, Seconds(1));
  CHECK(fs::is_empty(folder.cache));
}

TEST_CASE("a build cache folder under a file is the path's fault, one the machine refuses is the machine's",
          "[build_cache]") {
  CacheFolder folder;
  const std::string under_a_file = folder.binary + "/cache";
  CHECK_THROWS_AS(BuildCache(under_a_file, 1 << 20), UserError);
  CHECK_THROWS_WITH(BuildCache(under_a_file, 1 << 20),
                    Catch::Matchers::Contains(under_a_file) && Catch::Matchers::Contains("cannot create"));
  if (::geteuid() == 0) return;  // root makes folders anywhere
  const fs::path locked = folder.directory.path() / "locked";
  fs::create_directory(locked);
  fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec);
  CHECK_THROWS_AS(BuildCache(locked / "cache", 1 << 20), EnvironmentError);
  fs::permissions(locked, fs::perms::owner_all);
}

TEST_CASE("a FIFO or a nested document where an entry belongs is a miss, never a wait or a crash", "[build_cache]") {
  CacheFolder folder;
  const BuildCache cache(folder.cache, 1 << 20);
  cache.store("key", folder.binary, {folder.header}, Seconds(1));
  const fs::path entry = folder.cache / (content_hash("key") + ".json");
  SECTION("a FIFO entry (a plain open would wait for a writer forever)") {
    fs::remove(entry);
    REQUIRE(::mkfifo(entry.c_str(), 0600) == 0);
    CHECK_FALSE(cache.fetch("key", folder.directory.file("out")));
  }
  SECTION("a FIFO binary") {
    const fs::path kept = folder.cache / (content_hash("key") + ".bin");
    fs::remove(kept);
    REQUIRE(::mkfifo(kept.c_str(), 0600) == 0);
    CHECK_FALSE(cache.fetch("key", folder.directory.file("out")));
  }
  SECTION("an entry 100,000 arrays deep") {
    std::ofstream(entry) << std::string(100000, '[') << std::string(100000, ']');
    CHECK_FALSE(cache.fetch("key", folder.directory.file("out")));
  }
}
