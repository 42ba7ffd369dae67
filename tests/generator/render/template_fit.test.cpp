// Whether a template fits a benchmark: the benchmark it names, and only names the benchmark's labels
// or the renderer's variables, however the mustache hides them.
#include "render/template_fit.hpp"

#include <catch2/catch.hpp>

#include "core/user_error.hpp"
#include "space/search_space.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

TEST_CASE("a template fits only the benchmark it names, and only labels that benchmark has", "[template_fit]") {
  testing::TemporaryDirectory directory("template");
  const SearchSpace reduce_space = parse_search_space(
      "// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1\n// %RANGE% TUNE_THREADS_PER_BLOCK tpb 128:1024:32\n"
      "// %RANGE% TUNE_ITEMS_PER_VEC_LOAD_POW2 ipv 1:2:1\n",
      "sum.cu");
  const auto fit_error = [&](const PolicyTemplate& t, const std::string& benchmark) -> std::string {
    try {
      check_template_fits(t, reduce_space, benchmark, "bench/" + benchmark + ".cu");
    } catch (const UserError& error) {
      return error.file() + ":" + std::to_string(error.line()) + ": " + error.message();
    }
    return "";
  };
  const auto reduce = load_policy_template(POLICYTUNE_SOURCE_DIR "/templates/reduce.mustache");
  CHECK(reduce.benchmark == "reduce.sum");
  CHECK(fit_error(reduce, "reduce.sum").empty());  // labels, tuned sections and default_policy
  CHECK(fit_error(reduce, "reduce.by_key") ==
        std::string(POLICYTUNE_SOURCE_DIR "/templates/reduce.mustache") +
            ":2: the template is written for benchmark reduce.sum, not reduce.by_key (a benchmark is named after its "
            "folder and file, or its path below a folder named bench): put the benchmark at bench/reduce/sum.cu, or "
            "change this line to {{! benchmark: reduce.by_key }}");

  const auto scan = load_policy_template(POLICYTUNE_SOURCE_DIR "/templates/scan.mustache");
  CHECK_THAT(fit_error(scan, "reduce.sum"),
             Catch::Contains("written for benchmark scan.exclusive.sum, not reduce.sum"));

  // Without a benchmark: directive, the labels decide; the first unknown one is named with its line.
  const std::string path =
      directory.write("t.mustache",
                      "{{! policytune-template 1 }}\n{{! kind: host }}\n{{! struct: p<class T> }}\n"
                      "int a = {{ipt}};\n{{#tuned}}\nint b = {{ tpb }} + {{{arch}}};\n"
                      "int c = {{&ipvv}};\n{{/tuned}}\n");
  const auto untagged = load_policy_template(path);
  CHECK(fit_error(untagged, "reduce.sum") ==
        path + ":7: the template names 'ipvv', which reduce.sum lacks (its labels: ipt, tpb, ipv)");
  const std::string section =
      directory.write("s.mustache",
                      "{{! policytune-template 1 }}\n{{! kind: host }}\n{{! struct: p<class T> }}\n"
                      "int a = {{ipt}}; {{! a note }}\n{{#wide}}\nint b = {{ipt}};\n{{/wide}}\n");
  CHECK_THAT(fit_error(load_policy_template(section), "reduce.sum"), Catch::Contains(":5: the template names 'wide'"));
}

TEST_CASE("no mustache construct hides a name from the check: set delimiters, `.`, empty tags", "[template_fit]") {
  testing::TemporaryDirectory directory("template");
  const SearchSpace space = parse_search_space("// %RANGE% TUNE_UNROLL unroll 1:6:1\n", "sum.cpp");
  const auto fit_error = [&](const std::string& body) -> std::string {
    const auto t = load_policy_template(directory.write(
        "t.mustache", "{{! policytune-template 1 }}\n{{! kind: host }}\n{{! struct: p<class T> }}\n" + body));
    try {
      check_template_fits(t, space, "tiny.sum", "tiny/sum.cpp");
    } catch (const UserError& error) {
      return std::to_string(error.line()) + ": " + error.message();
    }
    return "";
  };
  // After a set-delimiter tag, the tags with the new delimiters are checked.
  CHECK(fit_error("{{=<% %>=}}\nint a = <%unroll%>;\nint b = <%nosuch%>;\n") ==
        "6: the template names 'nosuch', which tiny.sum lacks (its labels: unroll)");
  CHECK(fit_error("{{=<% %>=}}\n<%#tuned%><%={{ }}=%>\n{{{ wide }}}{{/tuned}}\n") ==
        "6: the template names 'wide', which tiny.sum lacks (its labels: unroll)");
  CHECK(fit_error("{{=<% %>=}}\nint a = <%unroll%>; // {{not a tag}}\n").empty());
  // `{{.}}` is a value only inside a section over one.
  CHECK(fit_error("{{#unroll}}int a = {{.}};{{/unroll}}\n").empty());
  CHECK(fit_error("int a = {{.}};\n") == "4: the template names '.', which tiny.sum lacks (its labels: unroll)");
  CHECK(fit_error("{{#tuned}}int a = {{.}};{{/tuned}}\n") ==
        "4: the template names '.', which tiny.sum lacks (its labels: unroll)");
  // Names the library would look up and not find: empty, spaced, dotted.
  CHECK(fit_error("int a = {{}};\n") == "4: the template names '', which tiny.sum lacks (its labels: unroll)");
  CHECK(fit_error("int a = {{un roll}};\n") ==
        "4: the template names 'un roll', which tiny.sum lacks (its labels: unroll)");
  CHECK(fit_error("int a = {{tuned.x}};\n") ==
        "4: the template names 'tuned.x', which tiny.sum lacks (its labels: unroll)");
}
