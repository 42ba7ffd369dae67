#include "run/scratch_file.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>

#include "core/environment_error.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;
namespace fs = std::filesystem;

namespace {

// A pid that no process has: a child that has ended and been reaped.
pid_t ended_process_id() {
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) _exit(0);
  int status = 0;
  waitpid(child, &status, 0);
  return child;
}

}  // namespace

TEST_CASE("a scratch name carries this process's pid and a host tag, the extension last", "[scratch_file]") {
  const std::string name = scratch_name("unroll_2", ".cpp");
  CHECK(std::regex_match(name, std::regex("unroll_2\\.pid" + std::to_string(::getpid()) + "-[0-9a-f]{8}\\.cpp")));
  CHECK(scratch_name("unroll_2") + ".cpp" == name);
  CHECK(scratch_name("a") != scratch_name("b"));
}

TEST_CASE("remove_stale_scratch removes the files of ended processes only, at any depth", "[scratch_file]") {
  testing::TemporaryDirectory directory("scratch");
  const std::string own = scratch_name("unroll_1", ".cpp");
  const std::string host = own.substr(own.find('-') + 1, 8);
  const std::string dead = "unroll_2.pid" + std::to_string(ended_process_id()) + "-" + host + ".cpp";
  fs::create_directories(directory.path() / "reduce.sum" / "abc");
  directory.write(own, "mine");
  directory.write("reduce.sum/abc/" + dead, "left by a killed search");
  directory.write("reduce.sum/abc/unroll_3.pid1-00000000.cpp", "another host's");
  directory.write("unroll_4.cpp", "not a scratch file");
  CHECK(remove_stale_scratch(directory.path()) == 1);
  CHECK_FALSE(fs::exists(directory.path() / "reduce.sum" / "abc" / dead));
  CHECK(fs::exists(directory.path() / own));
  CHECK(fs::exists(directory.path() / "reduce.sum" / "abc" / "unroll_3.pid1-00000000.cpp"));
  CHECK(fs::exists(directory.path() / "unroll_4.cpp"));
  CHECK(remove_stale_scratch(directory.path() / "missing") == 0);
}

TEST_CASE("publish puts a scratch file in place under its final name, replacing the old one", "[scratch_file]") {
  testing::TemporaryDirectory directory("scratch");
  const std::string scratch = directory.write(scratch_name("base"), "new binary");
  const std::string target = directory.write("base", "old binary");
  publish(scratch, target);
  CHECK_FALSE(fs::exists(scratch));
  std::ifstream in(target);
  CHECK(std::string(std::istreambuf_iterator<char>(in), {}) == "new binary");
  CHECK_THROWS_AS(publish(directory.file("gone"), target), EnvironmentError);
}
