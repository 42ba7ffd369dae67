#include "render/mustache_tags.hpp"

#include <catch2/catch.hpp>

#include "core/user_error.hpp"

using namespace policytune;

namespace {

// "kind name@line" for each tag, to compare scans at a glance.
std::vector<std::string> scanned_tags(const std::string& text, std::size_t first_line = 1) {
  std::vector<std::string> described;
  for (const auto& tag : scan_mustache(text, first_line).tags) {
    const char* kinds[] = {"var", "raw", "section", "inverted", "end", "partial", "comment", "delimiters"};
    described.push_back(std::string(kinds[static_cast<int>(tag.kind)]) + " " + tag.name + "@" +
                        std::to_string(tag.line));
  }
  return described;
}

}  // namespace

TEST_CASE("tags are found as the mustache library reads them", "[template]") {
  CHECK(scanned_tags("a {{x}} {{{ y }}} {{& z}}\n{{#s}}{{^t}}{{/t}}{{/s}}{{! note }}{{> p}}", 4) ==
        std::vector<std::string>{"var x@4", "raw y@4", "raw z@4", "section s@5", "inverted t@5", "end t@5", "end s@5",
                                 "comment note@5", "partial p@5"});
  // An empty tag names the empty name; a name with a space is one name, as the library looks it up.
  CHECK(scanned_tags("{{}}{{ a b }}") == std::vector<std::string>{"var @1", "var a b@1"});
}

TEST_CASE("a set-delimiter tag changes how the tags after it are found", "[template]") {
  CHECK(scanned_tags("{{=<% %>=}}\n{{x}} <%y%> <%#s%><%{z}%><%/s%>\n<%={{ }}=%>{{w}}") ==
        std::vector<std::string>{"delimiters =<% %>=@1", "var y@2", "section s@2", "var {z}@2", "end s@2",
                                 "delimiters ={{ }}=@3", "var w@3"});
  // Triple braces hold a set-delimiter tag too, as the library reads them.
  CHECK(scanned_tags("{{{=| |=}}}|v|") == std::vector<std::string>{"delimiters =| |=@1", "var v@1"});
  // What the library refuses ends the scan: its own validation reports it.
  CHECK(scanned_tags("{{a}}{{=<%=}}{{b}}") == std::vector<std::string>{"var a@1"});
  CHECK(scanned_tags("{{a}}{{b") == std::vector<std::string>{"var a@1"});
}

TEST_CASE("the longest text between tags bounds what one rendering step outputs", "[template]") {
  CHECK(scan_mustache("", 1).longest_text == 0);
  CHECK(scan_mustache("abc", 1).longest_text == 3);
  CHECK(scan_mustache("ab{{x}}abcd{{y}}a", 1).longest_text == 4);
  CHECK(scan_mustache("{{=<% %>=}}abcdef<%x%>", 1).longest_text == 6);
}

TEST_CASE("partials are refused at their line: nothing would render them", "[template]") {
  CHECK_NOTHROW(refuse_mustache_partials(scan_mustache("{{x}}\n{{! > not a partial }}", 1), "t.mustache"));
  try {
    refuse_mustache_partials(scan_mustache("a\n{{=<% %>=}}\n<%> other%>\n", 7), "t.mustache");
    FAIL("no error");
  } catch (const UserError& error) {
    CHECK(error.file() == "t.mustache");
    CHECK(error.line() == 9);
    CHECK(error.message() == "partial 'other': templates take no partials (it would render nothing)");
  }
}
