#include "core/text_input.hpp"

#include <sys/stat.h>
#include <zlib.h>

#include <catch2/catch.hpp>

#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

TEST_CASE("read_text_file reads plain and gzip-compressed files alike", "[text_input]") {
  testing::TemporaryDirectory directory("text-input");
  const std::string text = "{\"a\": 1}\nsecond line\n";
  const std::string plain = directory.write("cache.json", text);
  const std::string compressed = directory.file("cache.json.gz");
  gzFile file = gzopen(compressed.c_str(), "wb");
  REQUIRE(file != nullptr);
  REQUIRE(gzwrite(file, text.data(), static_cast<unsigned>(text.size())) == static_cast<int>(text.size()));
  gzclose(file);
  CHECK(read_text_file(plain) == text);
  CHECK(read_text_file(compressed) == text);
  CHECK(read_text_file(directory.write("empty.txt", "")).empty());
}

TEST_CASE("read_text_file refuses a missing file, a directory and a FIFO with a user error naming it", "[text_input]") {
  testing::TemporaryDirectory directory("text-input");
  const std::string missing = directory.file("missing.cu");
  try {
    read_text_file(missing);
    FAIL("no error");
  } catch (const UserError& error) {
    CHECK(error.file() == missing);
    CHECK(error.message() == "no such file");
  }
  try {
    read_text_file(directory.path().string());
    FAIL("no error");
  } catch (const UserError& error) {
    CHECK(error.message() == "is a directory, not a regular file");
  }
  // Opened without waiting: a FIFO with no writer would block a plain open() forever.
  const std::string fifo = directory.file("input.fifo");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_THROWS_WITH(read_text_file(fifo), fifo + ": is a FIFO (named pipe), not a regular file");
}

TEST_CASE("line_of_offset counts line breaks before the offset, 1-based, clamped to the text", "[text_input]") {
  const std::string text = "one\ntwo\nthree";
  CHECK(line_of_offset(text, 0) == 1);
  CHECK(line_of_offset(text, 3) == 1);  // the line break itself still ends line 1
  CHECK(line_of_offset(text, 4) == 2);
  CHECK(line_of_offset(text, 8) == 3);
  CHECK(line_of_offset(text, 1000) == 3);
  CHECK(line_of_offset("", 5) == 1);
}

TEST_CASE("content_hash is FNV-1a 64 in 16 hex digits: stable, and changed by any byte", "[text_input]") {
  CHECK(content_hash("") == "cbf29ce484222325");   // FNV-1a 64's offset basis: nothing hashed
  CHECK(content_hash("a") == "af63dc4c8601ec8c");  // the published FNV-1a 64 test vector
  CHECK(content_hash("int x;\n") == content_hash("int x;\n"));
  CHECK(content_hash("int x;\n") != content_hash("int x; \n"));
  CHECK(content_hash("ab") != content_hash("ba"));
  CHECK(content_hash(std::string(1000, 'z')).size() == 16);
}
