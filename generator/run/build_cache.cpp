#include "run/build_cache.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>

#include "core/environment_error.hpp"
#include "core/file_kind.hpp"
#include "core/json_document.hpp"
#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "run/scratch_file.hpp"

namespace policytune {
namespace {

namespace fs = std::filesystem;
constexpr int kEntryFormat = 1;
constexpr fs::perms kExecutable = fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                  fs::perms::others_read | fs::perms::others_exec;

std::optional<std::string> read_bytes(const fs::path& path) {
  int fd = -1;
  try {
    fd = open_regular_file(path.string());  // a FIFO put in the cache is no entry, and is never waited on
  } catch (const UserError&) {
    return std::nullopt;
  }
  std::string bytes;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      ::close(fd);
      if (got < 0) return std::nullopt;
      return bytes;
    }
    bytes.append(buffer, static_cast<std::size_t>(got));
  }
}

// The content hash of a file the compiles read, remembered while its size and modification time
// stay: a search's compiles read the same thousand CUDA headers again and again.
class FileHashes {
public:
  std::optional<std::string> of(const std::string& path) {
    struct stat status {};
    if (::stat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode)) return std::nullopt;
    const Stamp stamp{status.st_size, status.st_mtim.tv_sec, status.st_mtim.tv_nsec};
    {
      const std::lock_guard lock(mutex_);
      const auto known = hashes_.find(path);
      if (known != hashes_.end() && known->second.first == stamp) return known->second.second;
    }
    const auto bytes = read_bytes(path);
    if (!bytes) return std::nullopt;
    std::string hash = content_hash(*bytes);
    const std::lock_guard lock(mutex_);
    hashes_[path] = {stamp, hash};
    return hash;
  }

private:
  struct Stamp {
    off_t size;
    time_t seconds;
    long nanoseconds;
    bool operator==(const Stamp&) const = default;
  };
  std::mutex mutex_;
  std::map<std::string, std::pair<Stamp, std::string>> hashes_;
};

FileHashes& file_hashes() {
  static FileHashes hashes;
  return hashes;
}

void remove_quietly(const fs::path& path) {
  std::error_code ignored;
  fs::remove(path, ignored);
}

}  // namespace

BuildCache::BuildCache(fs::path directory, std::uintmax_t size_limit)
    : directory_(std::move(directory)), size_limit_(size_limit) {
  std::error_code error;
  fs::create_directories(directory_, error);
  if (error == std::errc::not_a_directory || error == std::errc::file_exists) {  // the path's fault
    throw UserError(directory_.string(), 0, "cannot create the build cache: something on the way is not a folder");
  }
  if (error) throw EnvironmentError(directory_.string(), "cannot create the build cache: " + error.message());
  if (::access(directory_.c_str(), W_OK | X_OK) != 0) {
    throw EnvironmentError(directory_.string(), std::string("cannot write the build cache: ") + std::strerror(errno));
  }
}

fs::path BuildCache::entry_path(const std::string& key, const std::string& extension) const {
  return directory_ / (content_hash(key) + extension);
}

std::optional<BuildCache::Seconds> BuildCache::fetch(const std::string& key, const fs::path& output) const {
  const fs::path entry = entry_path(key, ".json");
  const auto text = read_bytes(entry);
  if (!text) return std::nullopt;
  try {
    const auto document = parse_json(*text);
    if (document.at("format").get<int>() != kEntryFormat || document.at("key").get<std::string>() != key) {
      return std::nullopt;  // another format, or another key of the same hash
    }
    for (const auto& read : document.at("reads")) {
      if (file_hashes().of(read.at(0).get<std::string>()) != read.at(1).get<std::string>()) return std::nullopt;
    }
    const auto binary = read_bytes(entry_path(key, ".bin"));
    if (!binary || content_hash(*binary) != document.at("binary").get<std::string>()) {
      remove_quietly(entry);  // damaged: built again and kept anew
      return std::nullopt;
    }
    std::ofstream out(output, std::ios::binary | std::ios::trunc);
    out.write(binary->data(), static_cast<std::streamsize>(binary->size()));
    out.close();
    std::error_code ignored;
    fs::permissions(output, kExecutable, ignored);
    if (!out || ignored) {
      remove_quietly(output);  // the compile writes it, or says why it cannot
      return std::nullopt;
    }
    fs::last_write_time(entry, fs::file_time_type::clock::now(), ignored);  // used: kept longest
    return Seconds(document.at("seconds").get<double>());
  } catch (const JsonRefused&) {
    return std::nullopt;  // damaged (no entry nests deeper than 2): replaced by the next store
  } catch (const nlohmann::json::exception&) {
    return std::nullopt;  // damaged: replaced by the next store
  }
}

void BuildCache::store(const std::string& key, const fs::path& binary, const std::vector<std::string>& dependencies,
                       Seconds build_time) const {
  nlohmann::json reads = nlohmann::json::array();
  for (const auto& dependency : dependencies) {
    const std::string path = fs::absolute(dependency).lexically_normal().string();
    const auto hash = file_hashes().of(path);
    if (!hash) return;  // a file that cannot be read again cannot be checked later
    reads.push_back({path, *hash});
  }
  const auto bytes = read_bytes(binary);
  if (!bytes) return;
  const nlohmann::json document{{"format", kEntryFormat},
                                {"key", key},
                                {"seconds", build_time.count()},
                                {"binary", content_hash(*bytes)},
                                {"reads", reads}};
  const std::string stem = content_hash(key);
  const fs::path binary_scratch = directory_ / scratch_name(stem, ".bin");
  const fs::path entry_scratch = directory_ / scratch_name(stem, ".json");
  try {
    std::error_code error;
    fs::copy_file(binary, binary_scratch, fs::copy_options::overwrite_existing, error);
    if (error) throw EnvironmentError(binary_scratch.string(), error.message());
    write_build_file(entry_scratch, document.dump());
    // The binary first, its entry last: an entry on disk describes the binary beside it.
    publish(binary_scratch, entry_path(key, ".bin"));
    publish(entry_scratch, entry_path(key, ".json"));
  } catch (const std::exception&) {
    remove_quietly(binary_scratch);  // best effort: a full disk loses nothing but the entry
    remove_quietly(entry_scratch);
    return;
  }
  remove_least_recently_used();
}

// Entries (a .json and its .bin) go oldest use first until the folder is under nine tenths of its
// bound, so that not every store after that removes one.
void BuildCache::remove_least_recently_used() const {
  struct Entry {
    fs::file_time_type used;
    std::uintmax_t size = 0;
  };
  remove_stale_scratch(directory_);  // what killed searches left half written
  std::map<std::string, Entry> entries;
  std::uintmax_t total = 0;
  std::error_code error;
  for (const auto& file : fs::directory_iterator(directory_, error)) {
    std::error_code ignored;
    const std::uintmax_t size = file.is_regular_file(ignored) ? file.file_size(ignored) : 0;
    total += size;
    const std::string name = file.path().filename().string();
    Entry& entry = entries[name.substr(0, name.find('.'))];
    entry.size += size;
    if (file.path().extension() == ".json") entry.used = file.last_write_time(ignored);
  }
  if (total <= size_limit_) return;
  std::vector<std::pair<std::string, Entry>> by_use(entries.begin(), entries.end());
  std::sort(by_use.begin(), by_use.end(), [](const auto& a, const auto& b) { return a.second.used < b.second.used; });
  const std::uintmax_t goal = size_limit_ / 10 * 9;
  for (const auto& [stem, entry] : by_use) {
    if (total <= goal) break;
    remove_quietly(directory_ / (stem + ".json"));
    remove_quietly(directory_ / (stem + ".bin"));
    total -= std::min(total, entry.size);
  }
}

}  // namespace policytune
