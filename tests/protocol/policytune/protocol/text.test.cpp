// The trimming both ends share (protocol/policytune/protocol/text.hpp).
#include <policytune/protocol/text.hpp>

#include <catch2/catch.hpp>

#include <string>

TEST_CASE("text: trimmed removes spaces, tabs and line ends at both ends only", "[protocol][text]") {
  using policytune::protocol::trimmed;
  CHECK(trimmed(std::string(" \t AMD EPYC 7B13 \r\n")) == "AMD EPYC 7B13");
  CHECK(trimmed(std::string("a \t b")) == "a \t b");
  CHECK(trimmed(std::string(" \r\n\t ")).empty());
  CHECK(trimmed(std::string()).empty());
  CHECK(trimmed(std::string("\v x \f")) == "\v x \f");  // only the four blanks count
  const char text[] = "  T{ct}  =F32";
  CHECK(trimmed(text, text + 8) == "T{ct}");
}
