#include "core/user_error.hpp"

#include <catch2/catch.hpp>

using namespace policytune;

TEST_CASE("a user error says file:line: what, file: what for line 0, and what alone without a file", "[user_error]") {
  const UserError located("bench/reduce/sum.cu", 12, "%RANGE% step must be positive");
  CHECK(std::string(located.what()) == "bench/reduce/sum.cu:12: %RANGE% step must be positive");
  CHECK(located.file() == "bench/reduce/sum.cu");
  CHECK(located.line() == 12);
  CHECK(located.message() == "%RANGE% step must be positive");

  const UserError whole_file("results.db", 0, "no such database");
  CHECK(std::string(whole_file.what()) == "results.db: no such database");
  CHECK(whole_file.line() == 0);

  const UserError no_file("", 7, "bad option");
  CHECK(std::string(no_file.what()) == "bad option");
}

TEST_CASE("a user error of the command line alone has no file and no line", "[user_error]") {
  const UserError error("--shard '3' is not k/N");
  CHECK(std::string(error.what()) == "--shard '3' is not k/N");
  CHECK(error.file().empty());
  CHECK(error.line() == 0);
  CHECK(error.message() == error.what());
}

TEST_CASE("a user error is one line whatever it quotes: newlines and NUL bytes are escaped", "[user_error]") {
  const std::string with_nul("holds \0 here", 12);
  const UserError error("/tmp/a\nb.cu", 3, "the text " + with_nul);
  CHECK(std::string(error.what()) == "/tmp/a\\nb.cu:3: the text holds \\x00 here");
  CHECK(error.message() == "the text " + with_nul);  // as given, for a caller that locates it again
  CHECK(std::string(UserError("tab\there").what()) == "tab\\there");
  CHECK(std::string(UserError("a name with ü stays").what()) == "a name with ü stays");
}
