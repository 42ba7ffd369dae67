// Base's answers kept in the results database, and the searches that use them: a search that finds
// everything stored compiles nothing; a search that lacks results builds base and only what it lacks;
// a stored answer that is damaged or wrong is replaced by base's own.
#include "store/base_answer_cache.hpp"

#include <catch2/catch.hpp>
#include <sys/stat.h>
#include <utime.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "protocol/harness_protocol.hpp"
#include "run/device_probe.hpp"
#include "search/search.hpp"
#include "store/results_database.hpp"
#include "support/sql_script.hpp"
#include "support/temporary_directory.hpp"
#include "support/test_data_files.hpp"

using namespace policytune;
using testing::kTinyBenchmark;
namespace fs = std::filesystem;

namespace {

BaseAnswerKey key() { return {"tiny.sum", "0123", "c++ -O2\n", "host|Xeon|2|6.1"}; }

void execute(const std::string& database, const std::string& sql) { testing::run_sql(database, sql); }

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::size_t lines_of(const std::string& text, const std::string& containing = "") {
  std::size_t count = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) count += line.find(containing) != std::string::npos ? 1 : 0;
  return count;
}

// A search of the tiny benchmark whose every compile goes through a compiler that records it.
struct RecordedSearch {
  testing::TemporaryDirectory directory{"base-answers"};
  std::string log = directory.file("compiles.log");
  std::string compiler = directory.file("recording-c++");
  std::FILE* quiet = std::fopen("/dev/null", "w");
  int folders = 0;
  std::size_t finalists = 3;  // of each workload's confirmation round; 0: none

  RecordedSearch() {
    directory.write("recording-c++", "#!/bin/sh\nprintf '%s\\n' \"$*\" >>'" + log + "'\nexec c++ \"$@\"\n");
    ::chmod(compiler.c_str(), 0755);
    std::ofstream(log).flush();
  }
  ~RecordedSearch() { std::fclose(quiet); }

  std::string database() const { return directory.file("results.db"); }

  // Searches in a build folder of its own (as a fresh configure would); returns the compiles.
  std::string search(std::uint64_t budget, SearchProgress* progress = nullptr) {
    SearchOptions options;
    options.sources = {kTinyBenchmark};
    options.database = database();
    options.build_directory = directory.file("build-" + std::to_string(folders++));
    options.compiler.host_compiler = compiler;
    options.compiler.include_directories = default_include_directories();
    options.jobs = 2;
    options.sampling = {3, 0.05, 0.02};
    options.strategy = "exhaustive";
    options.budget = budget;
    options.confirmation.finalists = finalists;
    const std::string before = read(log);
    SearchProgress own(quiet, ProgressStyle::lines);
    run_search(options, progress != nullptr ? *progress : own);
    return read(log).substr(before.size());
  }
};

}  // namespace

TEST_CASE("a remembered answer is recalled under its whole key only", "[base_answer]") {
  testing::TemporaryDirectory directory("base-answers");
  const std::string path = directory.file("results.db");
  { ResultsDatabase create(path, ResultsDatabase::Mode::create_if_missing); }
  BaseAnswerCache cache(path);
  CHECK_FALSE(cache.recall(key()));
  cache.remember(key(), {"listing 1", "device 1"});
  CHECK(cache.recall(key()) == BaseAnswer{"listing 1", "device 1"});
  for (int part = 0; part < 4; ++part) {
    BaseAnswerKey other = key();
    std::string* fields[] = {&other.benchmark, &other.source_hash, &other.build, &other.device_fingerprint};
    *fields[part] += "x";
    CHECK_FALSE(cache.recall(other));
  }
  cache.remember(key(), {"listing 2", "device 2"});
  CHECK(cache.recall(key()) == BaseAnswer{"listing 2", "device 2"});
}

TEST_CASE("answers outlive the process and leave the database readable by every command", "[base_answer]") {
  testing::TemporaryDirectory directory("base-answers");
  const std::string path = directory.file("results.db");
  { ResultsDatabase create(path, ResultsDatabase::Mode::create_if_missing); }
  { BaseAnswerCache(path).remember(key(), {"listing", "device"}); }
  CHECK(BaseAnswerCache(path).recall(key()) == BaseAnswer{"listing", "device"});
  // The schema's own tables and version are untouched: readers and writers open it as before.
  CHECK_NOTHROW(ResultsDatabase(path, ResultsDatabase::Mode::read_only).measurements());
  CHECK_NOTHROW(ResultsDatabase(path, ResultsDatabase::Mode::must_exist).search_spaces());
}

TEST_CASE("a search that finds everything stored compiles nothing, in a fresh build folder too",
          "[base_answer][search]") {
  RecordedSearch recorded;
  const std::string first = recorded.search(2);
  CHECK(lines_of(first, "-DTUNE_BASE=1") == 1);
  SearchProgress progress(recorded.quiet, ProgressStyle::lines);
  CHECK(recorded.search(2, &progress).empty());
  CHECK(progress.measured() == 0);
  CHECK(progress.reused() == 4);  // two variants of each of the two workloads
}

TEST_CASE("a search that lacks results builds base and exactly what it lacks", "[base_answer][search]") {
  RecordedSearch recorded;
  recorded.search(2);
  SearchProgress progress(recorded.quiet, ProgressStyle::lines);
  recorded.finalists = 0;  // the confirmation would build the new finalist again, among others
  const std::string compiles = recorded.search(3, &progress);
  CHECK(progress.measured() == 2);
  CHECK(progress.reused() == 4);
  CHECK(lines_of(compiles) == 3);
  CHECK(lines_of(compiles, "-DTUNE_BASE=1") == 1);
  CHECK(lines_of(compiles, "-DTUNE_UNROLL=3") == 2);
}

TEST_CASE("the stored device is the one the host harness reports", "[base_answer][search]") {
  RecordedSearch recorded;
  recorded.search(1);
  const auto rows = ResultsDatabase(recorded.database(), ResultsDatabase::Mode::read_only).measurements();
  REQUIRE_FALSE(rows.empty());
  const auto fingerprint = device_fingerprint(false);
  REQUIRE(fingerprint);
  // host|<model name>|<processors>|<kernel release>, as device_host.hpp reports them.
  const auto& device = rows.front().device;
  CHECK(*fingerprint == "host|" + device.name + "|" + std::to_string(device.sm_count) + "|" + device.driver);
}

TEST_CASE("a damaged stored answer is asked of base again and replaced", "[base_answer][search]") {
  RecordedSearch recorded;
  recorded.search(2);
  execute(recorded.database(), "UPDATE base_answers SET listing = 'not json'");
  SearchProgress progress(recorded.quiet, ProgressStyle::lines);
  const std::string compiles = recorded.search(2, &progress);
  CHECK(lines_of(compiles) == 1);  // base only
  CHECK(lines_of(compiles, "-DTUNE_BASE=1") == 1);
  CHECK(progress.measured() == 0);
  CHECK(recorded.search(2).empty());  // repaired
}

TEST_CASE("an answer of a device that could not run is neither kept nor trusted", "[base_answer][search]") {
  RecordedSearch recorded;
  recorded.search(2);
  // As a GPU held by another job answers: kept by an earlier policytune, it would skip every later
  // search without asking base again.
  execute(recorded.database(),
          R"(UPDATE base_answers SET device = '{"policytune_harness": 1, "status": "no_device", "reason": "busy"}')");
  SearchProgress progress(recorded.quiet, ProgressStyle::lines);
  const std::string compiles = recorded.search(2, &progress);
  CHECK(lines_of(compiles, "-DTUNE_BASE=1") == 1);  // base asked again, and it runs here
  CHECK(progress.reused() == 4);
  CHECK(recorded.search(2).empty());  // its answer, of a device that runs, is kept
}

TEST_CASE("a stored answer base contradicts is replaced and the search goes on with base's", "[base_answer][search]") {
  RecordedSearch recorded;
  recorded.search(2);
  // An answer that parses but names another CPU: nothing is stored for it, so base is built, and
  // base names this one, whose results are all stored.
  execute(recorded.database(), "UPDATE base_answers SET device = replace(device, '\"name\":\"', '\"name\":\"Other ')");
  SearchProgress progress(recorded.quiet, ProgressStyle::lines);
  const std::string compiles = recorded.search(2, &progress);
  CHECK(lines_of(compiles) == 1);
  CHECK(progress.measured() == 0);
  CHECK(progress.reused() == 4);
  CHECK(recorded.search(2).empty());
}

TEST_CASE("another compiler is not trusted with the stored answer", "[base_answer][search]") {
  RecordedSearch recorded;
  recorded.search(2);
  struct utimbuf times {
    1000000000, 1000000000
  };
  REQUIRE(::utime(recorded.compiler.c_str(), &times) == 0);  // the same path, another file
  SearchProgress progress(recorded.quiet, ProgressStyle::lines);
  const std::string compiles = recorded.search(2, &progress);
  CHECK(lines_of(compiles, "-DTUNE_BASE=1") == 1);
  CHECK(lines_of(compiles) == 1);
  CHECK(progress.measured() == 0);
}
