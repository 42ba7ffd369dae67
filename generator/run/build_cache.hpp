#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace policytune {

// Binaries that builds made, kept by what made them (--build-cache DIR, $POLICYTUNE_BUILD_CACHE),
// so that a fresh build folder, another search of the same benchmark or benchmark CI's next run
// copies them instead of compiling again: what ccache does for compiles, for the commands
// policytune runs, which compile and link in one step (ccache cannot serve a link).
//
// An entry is found by its key, a text the caller makes of everything that decides the binary
// but the files the compile reads (run/cached_compile.hpp: the command without its output, the
// compiler's identity, the source's text). It holds the binary, how long the build took, and each
// file the compile read (its -MD list) with a hash of its content: it is served only while every
// one of them reads the same. Several processes may share the folder: files are written under
// names of their own and renamed into place. A damaged entry is a miss, never a wrong binary.
class BuildCache {
public:
  using Seconds = std::chrono::duration<double>;

  // Creates `directory` if needed. Throws EnvironmentError naming it when it cannot be created
  // or written. Past `size_limit` bytes the entries used least recently go.
  BuildCache(std::filesystem::path directory, std::uintmax_t size_limit);

  // Copies the binary kept for `key` to `output` (executable) and returns how long its build
  // took; nullopt when there is none, or a file it read has changed, or the entry is damaged.
  std::optional<Seconds> fetch(const std::string& key, const std::filesystem::path& output) const;

  // Keeps `binary`, built in `build_time` from the files `dependencies`, for `key`. Keeping is
  // best effort: a file that cannot be read or a full disk leaves the cache as it was.
  void store(const std::string& key, const std::filesystem::path& binary, const std::vector<std::string>& dependencies,
             Seconds build_time) const;

  const std::filesystem::path& directory() const noexcept { return directory_; }

private:
  std::filesystem::path entry_path(const std::string& key, const std::string& extension) const;
  void remove_least_recently_used() const;

  std::filesystem::path directory_;
  std::uintmax_t size_limit_;
};

}  // namespace policytune
