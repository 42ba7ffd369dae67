#include "render/expansion_limit.hpp"

#include <catch2/catch.hpp>

#include <chrono>

#include "core/user_error.hpp"

using namespace policytune;

namespace {

// A list of `count` items; a section of its name inside one finds the list again (the library
// looks names up from the innermost section out), as a header's `links` inside `links` does.
kainjow::mustache::data limit_test_list(int count, const std::string& inner_name = "") {
  kainjow::mustache::data item;
  if (!inner_name.empty()) item.set(inner_name, limit_test_list(count));
  kainjow::mustache::data list = kainjow::mustache::data::type::list;
  for (int i = 0; i < count; ++i) list.push_back(item);
  return list;
}

std::string render_limited(const std::string& text, const kainjow::mustache::data& data) {
  kainjow::mustache::mustache view(text);
  return render_within_limit(view, text, data, "h.mustache");
}

}  // namespace

TEST_CASE("a rendering within the limit gives the library's output", "[template]") {
  kainjow::mustache::data data;
  data.set("items", limit_test_list(3, "items"));
  data.set("x", "X");
  CHECK(render_limited("{{#items}}[{{#items}}{{x}}{{/items}}]{{/items}}", data) == "[XXX][XXX][XXX]");
  kainjow::mustache::mustache broken("{{#a}}");
  CHECK_THROWS_AS(render_within_limit(broken, "{{#a}}", data, "h.mustache"), UserError);
}

TEST_CASE("sections over lists nested to expand without end stop at the limit, at once", "[template]") {
  // Two items thirty levels deep: 2^30 repetitions of the innermost text, on one line or on many.
  kainjow::mustache::data data;
  data.set("links", limit_test_list(2));
  std::string open, close;
  for (int i = 0; i < 30; ++i) {
    open += "{{#links}}";
    close += "{{/links}}";
  }
  const auto started = std::chrono::steady_clock::now();
  for (const std::string inner : {"x", "a line of text\n", ""}) {
    try {
      render_limited(open + inner + close, data);
      FAIL("no error");
    } catch (const UserError& error) {
      CHECK(error.file() == "h.mustache");
      CHECK(error.message() ==
            "the template expands past 16 MiB: its sections over lists nest or repeat without bound");
    }
  }
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(20));
  // Values count too: a long value repeated.
  data.set("long", std::string(1 << 20, 'v'));
  CHECK_THROWS_AS(render_limited("{{#links}}{{#links}}{{#links}}{{#links}}{{#links}}{{long}}{{/links}}{{/links}}"
                                 "{{/links}}{{/links}}{{/links}}",
                                 data),
                  UserError);
}
