#include "core/environment_error.hpp"

#include <catch2/catch.hpp>

#include "core/user_error.hpp"

using namespace policytune;

TEST_CASE("an environment error names its subject before what failed, when it has one", "[environment_error]") {
  CHECK(std::string(EnvironmentError("results.db", "disk full").what()) == "results.db: disk full");
  CHECK(std::string(EnvironmentError("", "disk full").what()) == "disk full");
  CHECK(std::string(EnvironmentError("no more processes").what()) == "no more processes");
}

TEST_CASE("the exit codes tell the input, the machine and a bug apart (sysexits)", "[environment_error]") {
  CHECK(kUserErrorExit == 2);
  CHECK(kEnvironmentErrorExit == 74);
  CHECK(kInternalErrorExit == 70);
  // Neither category is the other: main() catches each on its own.
  const std::runtime_error& error = EnvironmentError("x", "y");
  CHECK(dynamic_cast<const UserError*>(&error) == nullptr);
}

TEST_CASE("an environment error is one line whatever it quotes", "[environment_error]") {
  CHECK(std::string(EnvironmentError("/tmp/x\ny", "cannot write").what()) == "/tmp/x\\ny: cannot write");
}
