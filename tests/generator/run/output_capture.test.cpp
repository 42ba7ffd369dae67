#include "run/output_capture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

using namespace policytune;

namespace {

// `capture` fed `text` in pieces of `piece` bytes, as reads from a pipe come.
std::string captured(OutputCapture capture, const std::string& text, std::size_t piece) {
  for (std::size_t at = 0; at < text.size(); at += piece) {
    capture.append(text.data() + at, std::min(piece, text.size() - at));
  }
  return capture.take();
}

// "0123456789" repeated to `size` bytes.
std::string digits(std::size_t size) {
  std::string text;
  for (std::size_t i = 0; i < size; ++i) text += static_cast<char>('0' + i % 10);
  return text;
}

}  // namespace

TEST_CASE("OutputCapture keeps output within its limits whole", "[output_capture]") {
  const std::string text = digits(100);
  for (const std::size_t piece : {1, 7, 100}) {
    OutputCapture capture(60, 40);
    CHECK(captured(capture, text, piece) == text);
  }
  OutputCapture capture(100, 0);
  capture.append(text.data(), text.size());
  CHECK(capture.dropped() == 0);
  CHECK(capture.take() == text);
}

TEST_CASE("OutputCapture keeps the head and the tail and counts what lies between", "[output_capture]") {
  const std::string text = digits(1000);
  for (const std::size_t piece : {1, 3, 7, 64, 500, 1000}) {
    INFO("pieces of " << piece);
    OutputCapture capture(25, 15);
    for (std::size_t at = 0; at < text.size(); at += piece) {
      capture.append(text.data() + at, std::min(piece, text.size() - at));
    }
    CHECK(capture.take() ==
          text.substr(0, 25) + "\n[policytune: 960 bytes of this output left out]\n" + text.substr(985));
    CHECK(capture.dropped() == 960);
  }
}

TEST_CASE("OutputCapture without a tail keeps the head and counts the rest", "[output_capture]") {
  OutputCapture capture(10, 0);
  const std::string text = digits(35);
  capture.append(text.data(), 4);
  capture.append(text.data() + 4, 31);
  CHECK(capture.dropped() == 25);
  CHECK(capture.take() == "0123456789\n[policytune: 25 bytes of this output left out]\n");
}

TEST_CASE("OutputCapture's note of what was left out starts on a line of its own", "[output_capture]") {
  OutputCapture capture(4, 2);
  const std::string text = "ab\ncdefgh\n";
  capture.append(text.data(), text.size());
  CHECK(capture.take() == "ab\nc\n[policytune: 4 bytes of this output left out]\nh\n");
}
