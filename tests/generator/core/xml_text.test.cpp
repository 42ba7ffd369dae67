#include "core/xml_text.hpp"

#include <catch2/catch.hpp>

using namespace policytune;

TEST_CASE("escape_xml: markup characters are escaped, characters XML forbids are dropped", "[xml]") {
  CHECK(escape_xml("a < b && c > \"d\" 'e'") == "a &lt; b &amp;&amp; c &gt; &quot;d&quot; &#39;e&#39;");
  CHECK(escape_xml(std::string("bell\x07 nul") + '\0' + "end") == "bell nulend");
  CHECK(escape_xml("tab\tnew\nline\r") == "tab\tnew\nline\r");
  CHECK(escape_xml("µs ü") == "µs ü");  // UTF-8 passes through
  CHECK(escape_xml("") == "");
}
