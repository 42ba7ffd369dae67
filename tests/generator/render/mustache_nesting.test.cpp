#include "render/mustache_nesting.hpp"

#include <catch2/catch.hpp>

#include "core/user_error.hpp"

using namespace policytune;

namespace {

std::string nested(std::size_t depth, const std::string& open = "#") {
  std::string text;
  for (std::size_t i = 0; i < depth; ++i) text += "{{" + open + "s" + std::to_string(i) + "}}\n";
  text += "x\n";
  for (std::size_t i = depth; i-- > 0;) text += "{{/s" + std::to_string(i) + "}}\n";
  return text;
}

}  // namespace

TEST_CASE("mustache sections nested past the limit are a user error at the section's line", "[template]") {
  CHECK_NOTHROW(check_mustache_nesting(nested(kMaxMustacheNesting), "t.mustache", 5));
  // Sibling sections do not add up.
  CHECK_NOTHROW(check_mustache_nesting(nested(20) + nested(20), "t.mustache", 1));
  try {
    check_mustache_nesting(nested(kMaxMustacheNesting + 1, "^"), "t.mustache", 5);
    FAIL("no error");
  } catch (const UserError& error) {
    CHECK(error.file() == "t.mustache");
    CHECK(error.line() == 5 + kMaxMustacheNesting);  // the 33rd section opens on the body's 33rd line
    CHECK(error.message() == "mustache sections nest deeper than 32 levels");
  }
  // A hundred thousand levels: an error at once, not a stack overflow in the mustache library.
  CHECK_THROWS_AS(check_mustache_nesting(nested(100000), "t.mustache", 1), UserError);
}

TEST_CASE("after a set-delimiter tag, sections count with its delimiters", "[template]") {
  // `{{#s}}` is text after the tag; `<%#s%>` opens sections, as deep as ever.
  CHECK_NOTHROW(check_mustache_nesting("{{=<% %>=}}\n" + nested(100), "t.mustache", 1));
  std::string deep = "{{=<% %>=}}\n";
  for (int i = 0; i < 100000; ++i) deep += "<%#s%>";
  CHECK_THROWS_WITH(check_mustache_nesting(deep, "t.mustache", 1),
                    "t.mustache:2: mustache sections nest deeper than 32 levels");
}
