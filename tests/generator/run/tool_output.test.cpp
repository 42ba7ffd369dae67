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
  // A link that fails: what is missing, not the linker's summary line.
  CHECK(first_error_of("/usr/bin/ld: /tmp/x.o: in function `main':\nx.cpp:(.text+0x5): undefined reference to "
                       "`f()'\ncollect2: error: ld returned 1 exit status\n") ==
        "x.cpp:(.text+0x5): undefined reference to `f()'");
  CHECK(first_error_of("collect2: error: ld returned 1 exit status\n") == "collect2: error: ld returned 1 exit status");
  // No main because the source disabled itself, and said so.
  CHECK(first_error_of("x.cu:15:6: warning: #warning \"needs sm_100. Disabling it.\" [-Wcpp]\n"
                       "(.text+0x17): undefined reference to `main'\ncollect2: error: ld returned 1 exit status\n") ==
        "(.text+0x17): undefined reference to `main'; the compiler warned: x.cu:15:6: warning: #warning \"needs "
        "sm_100. Disabling it.\" [-Wcpp]");
  CHECK(first_error_of(std::string(kReasonLimit + 10, 'e') + "rror").size() == kReasonLimit);
}

TEST_CASE("a tool's words come back as one printable line", "[tool_output]") {
  CHECK(tail_of("one\r\n\x1b[2Jtwo\r\n") == "one | \\x1b[2Jtwo");
  CHECK(first_error_of("x.cpp:1: error: \x1b]0;title\x07 here\r\n") == "x.cpp:1: error: \\x1b]0;title\\x07 here");
  CHECK(first_error_of("an error\x9b\n") == "an error\\x9b");  // not UTF-8: a byte's escape
  // Made printable once, the same again: a reason stored so is printed unchanged.
  const std::string once = tail_of("a\x1b[1mb\nc\td\n");
  CHECK(tail_of(once) == once);
}
