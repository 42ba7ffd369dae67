#include "run/tool_output.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace policytune;

TEST_CASE("a tool's tail: its last non-empty lines, joined, at most the reason limit", "[tool_output]") {
  CHECK(tail_of("one\ntwo\n\n  \nthree\nfour\n") == "two | three | four");
  CHECK(tail_of("only") == "only");
  CHECK(tail_of("") == "");
  CHECK(tail_of("a\nb\nc", 1) == "c");
  const std::string long_line(kReasonLimit + 50, 'x');
  const std::string tail = tail_of(long_line + "\n");
  CHECK(tail.size() == kReasonLimit + 3);
  CHECK(tail.rfind("...", 0) == 0);
}

TEST_CASE("a compiler's first error line comes first; without one, its tail", "[tool_output]") {
  CHECK(first_error_of("In file x.cpp:\nx.cpp:3: error: expected ';'\nx.cpp:9: error: later\n") ==
        "x.cpp:3: error: expected ';'");
  CHECK(first_error_of("warning: a\nnote: b\nld returned 1\n") == "warning: a | note: b | ld returned 1");
  CHECK(first_error_of(std::string(kReasonLimit + 10, 'e') + "rror").size() == kReasonLimit);
}
