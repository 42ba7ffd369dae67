#include "core/comment_text.hpp"

#include <catch2/catch.hpp>

using namespace policytune;

TEST_CASE("plain text stays as it is", "[comment_text]") {
  CHECK(comment_text("reduce.sum on NVIDIA H100 80GB HBM3, CUDA 12.8, \"quoted\" 'too' €") ==
        "reduce.sum on NVIDIA H100 80GB HBM3, CUDA 12.8, \"quoted\" 'too' €");
  CHECK(comment_text("C:\\bench\\reduce") == "C:\\bench\\reduce");
  CHECK(comment_line("a/b // c") == "// a/b // c\n");
}

TEST_CASE("control characters become visible escapes: no line break reaches the header", "[comment_text]") {
  CHECK(comment_text("bench\n#error boom") == "bench\\n#error boom");
  CHECK(comment_text("a\r\tb\x1b[31m\x7f") == "a\\r\\tb\\x1b[31m\\x7f");
  CHECK(comment_text(std::string("nul\0byte", 8)) == "nul\\x00byte");
  CHECK(comment_text("next\xc2\x85line") == "next\\u0085line");  // U+0085, a C1 line break
}

TEST_CASE("a backslash that could splice the next line into the comment is escaped", "[comment_text]") {
  CHECK(comment_text("trailing\\") == "trailing\\x5c");
  CHECK(comment_text("trailing\\  ") == "trailing\\x5c  ");
  CHECK(comment_text("two\\\\") == "two\\\\x5c");
  CHECK(comment_text("before newline\\\n#define X") == "before newline\\x5c\\n#define X");
  CHECK(comment_line("x \\").ends_with("x \\x5c\n"));
}

TEST_CASE("a block comment can be neither closed nor opened", "[comment_text]") {
  CHECK(comment_text("a */ b") == "a * / b");
  CHECK(comment_text("a /* b") == "a / * b");
  CHECK(comment_text("/*/") == "/ * /");
  CHECK(comment_text("**//**") == "** // **");
  CHECK(comment_text("why??/") == "why?? /");
  for (const std::string text : {"*/", "/*", "x*/*/y", "/**/", "??/"}) {
    const std::string safe = comment_text(text);
    CHECK(safe.find("*/") == std::string::npos);
    CHECK(safe.find("/*") == std::string::npos);
    CHECK(safe.find("??/") == std::string::npos);
  }
}

TEST_CASE("bytes that are not UTF-8 become \\xNN escapes", "[comment_text]") {
  CHECK(comment_text("bad\xff\xfe") == "bad\\xff\\xfe");
  CHECK(comment_text("cut\xe2\x82") == "cut\\xe2\\x82");    // a truncated sequence
  CHECK(comment_text("long\xc0\xaf") == "long\\xc0\\xaf");  // an overlong `/`
  CHECK(comment_text("surrogate\xed\xa0\x80") == "surrogate\\xed\\xa0\\x80");
}

TEST_CASE("one_line_text escapes only what cannot be shown on one line", "[comment_text]") {
  CHECK(one_line_text("build/*/x\\ ??/") == "build/*/x\\ ??/");
  CHECK(one_line_text("a\nb\tc\xff") == "a\\nb\\tc\\xff");
}
