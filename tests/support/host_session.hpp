#pragma once

// What a test that builds and runs small host benchmarks through a BenchmarkSession needs: a
// scratch folder, the run options of a quick measurement (3 samples, the tests' shared build
// cache), and a log the test can read back. `Log` is the run log the code under test takes
// (StreamRunLog, or a search's SearchProgress).

#include <cstddef>
#include <cstdio>
#include <string>

#include "run/compiler.hpp"
#include "run/run_options.hpp"
#include "run/stream_run_log.hpp"
#include "support/shared_build_cache.hpp"
#include "support/temporary_directory.hpp"

namespace policytune::testing {

template <class Log>
struct HostSession {
  TemporaryDirectory directory;
  std::FILE* log = std::tmpfile();
  RunOptions options;
  Log progress{log, ProgressStyle::lines};

  explicit HostSession(const std::string& name, std::size_t batch_size = 0) : directory(name) {
    options.build_directory = directory.file("build");
    options.compiler.include_directories = default_include_directories();
    options.compiler.build_cache = shared_build_cache();
    options.jobs = 2;
    options.batch_size = batch_size;
    options.sampling = {3, 0.05, 0.02};
  }
  ~HostSession() { std::fclose(log); }
  HostSession(const HostSession&) = delete;
  HostSession& operator=(const HostSession&) = delete;

  // Everything the log was told so far.
  std::string logged() const {
    std::fflush(log);
    std::rewind(log);
    std::string text;
    for (int c = std::fgetc(log); c != EOF; c = std::fgetc(log)) text += static_cast<char>(c);
    return text;
  }
};

}  // namespace policytune::testing
