#include "core/json_document.hpp"

#include <catch2/catch.hpp>

#include <string>

#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

namespace {

std::string nested_arrays(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

}  // namespace

TEST_CASE("parse_json takes nesting up to the limit and refuses one level more", "[json_document]") {
  CHECK(parse_json(nested_arrays(kMaxJsonNesting)).dump() == nested_arrays(kMaxJsonNesting));
  try {
    parse_json("{\"a\": " + nested_arrays(kMaxJsonNesting) + "}");
    FAIL("no error");
  } catch (const JsonTooDeep& error) {
    CHECK(error.offset() == 6 + kMaxJsonNesting - 1);  // the first bracket past the limit
    CHECK(std::string(error.what()) == "arrays and objects nest deeper than 64 levels");
  }
}

TEST_CASE("a document 100,000 arrays deep is refused before anything recurses through it", "[json_document]") {
  // dump() of such a value overflowed the stack (policytune batch: SIGSEGV).
  CHECK_THROWS_AS(parse_json(nested_arrays(100000)), JsonTooDeep);
  CHECK_THROWS_AS(check_json_nesting(std::string(100000, '{')), JsonTooDeep);  // unclosed: refused all the same
}

TEST_CASE("brackets inside strings, escaped quotes among them, do not count as nesting", "[json_document]") {
  const std::string brackets(200, '[');
  const auto document = parse_json("{\"k\": \"" + brackets + "\\\"" + brackets + "\"}");
  CHECK(document.at("k").get<std::string>() == brackets + "\"" + brackets);
  CHECK_NOTHROW(check_json_nesting("[\"\\\\\", [1]]"));  // an escaped backslash ends before the quote
}

TEST_CASE("a syntax error is refused with the byte where the parser stopped", "[json_document]") {
  try {
    parse_json("[1,\n2,\n]");
    FAIL("no error");
  } catch (const JsonTooDeep&) {
    FAIL("not a nesting error");
  } catch (const JsonRefused& error) {
    CHECK(error.offset() == 7);
    CHECK_THAT(error.what(), Catch::StartsWith("not valid JSON: "));
  }
  CHECK_THROWS_AS(parse_json("[1e999]"), JsonRefused);  // out of a double's range
}

TEST_CASE("read_json_file names the file and the line of what it refuses", "[json_document]") {
  testing::TemporaryDirectory directory("json-document");
  const std::string deep = directory.write("deep.json", "[\n" + nested_arrays(100000) + "\n]");
  try {
    read_json_file(deep);
    FAIL("no error");
  } catch (const UserError& error) {
    CHECK(error.file() == deep);
    CHECK(error.line() == 2);
    CHECK(error.message() == "arrays and objects nest deeper than 64 levels");
  }
  const std::string broken = directory.write("broken.json", "[\n\"a\",\n");
  try {
    read_json_file(broken);
    FAIL("no error");
  } catch (const UserError& error) {
    CHECK(error.line() == 3);
    CHECK_THAT(error.message(), Catch::StartsWith("not valid JSON"));
  }
  CHECK(read_json_file(directory.write("good.json", "[[\"list\"]]")).dump() == "[[\"list\"]]");
}
