#pragma once

#include <string>

namespace policytune {

// What building and running variants tell the one who follows them (a search's or a check's
// progress, search/search_progress.hpp): notes worth a line, and where the wall time went.
class RunLog {
public:
  virtual ~RunLog() = default;
  virtual void message(const std::string& text) = 0;
  // Compiling (parallel builds count once) and running (summed over lanes, which measure at once).
  virtual void add_build_time(double seconds) noexcept = 0;
  virtual void add_run_time(double seconds) noexcept = 0;
  // A binary the build cache served instead of a compile (run/build_cache.hpp).
  virtual void add_cached_build() noexcept {}
};

}  // namespace policytune
