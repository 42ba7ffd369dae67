#include "policy_template.hpp"

#include <catch2/catch.hpp>

#include "search_space.hpp"
#include "support/temporary_directory.hpp"
#include "user_error.hpp"

using namespace policytune;

namespace {

std::string load_error(const std::string& text) {
  testing::TemporaryDirectory directory("template");
  try {
    load_policy_template(directory.write("t.mustache", text));
  } catch (const UserError& error) {
    return std::to_string(error.line()) + ": " + error.message();
  }
  return "";
}

}  // namespace

TEST_CASE("the shipped templates load", "[template]") {
  const auto reduce = load_policy_template(POLICYTUNE_SOURCE_DIR "/templates/reduce.mustache");
  CHECK(reduce.kind == PolicyTemplate::Kind::cuda);
  CHECK(reduce.hub_name == "policy_hub");
  CHECK(reduce.hub_parameters == std::vector<std::string>{"AccumT", "OffsetT", "ReductionOpT"});
  CHECK(reduce.key == std::vector<std::string>{"AccumT", "OffsetT"});
  CHECK(reduce.includes == std::vector<std::string>{"<cub/device/dispatch/tuning/tuning_reduce.cuh>"});
  const auto transpose = load_policy_template(POLICYTUNE_SOURCE_DIR "/templates/transpose.mustache");
  CHECK(transpose.kind == PolicyTemplate::Kind::host);
  CHECK(transpose.base_values == std::map<std::string, std::int64_t>{{"tile", 3}, {"unroll", 0}});
  CHECK(transpose.render({{"tile", 5}, {"unroll", 1}}, true, {}) ==
        "static constexpr int tile   = 1 << 5;\nstatic constexpr int unroll = 1 << 1;\n");
}

TEST_CASE("the body renders C++ verbatim, with tuned and fallback sections", "[template]") {
  testing::TemporaryDirectory directory("template");
  const auto t = load_policy_template(directory.write("t.mustache",
                                                      "{{! policytune-template 1 }}\n{{! kind: host }}\n{{! struct: p<class T> }}\n"
                                                      "{{#tuned}}using x = a<{{v}}>;{{/tuned}}{{^tuned}}using x = {{d}};{{/tuned}}\n"));
  CHECK(t.render({{"v", 3}}, true, {}) == "using x = a<3>;\n");
  CHECK(t.render({}, false, {{"d", "b<T>&"}}) == "using x = b<T>&;\n");  // no HTML escaping
  CHECK(t.spelling_of("I64") == "::std::int64_t");
  CHECK_THROWS_AS(t.spelling_of("C64"), UserError);
}

TEST_CASE("malformed templates are one error naming the line", "[template]") {
  CHECK(load_error("{{! kind: host }}\n") == "1: a template starts with {{! policytune-template 1 }}");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! kind: gpu }}\n") == "2: kind must be cuda or host, not 'gpu'");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! kind: host }}\nbody\n") ==
        "0: the template names no `hub:` (cuda) or `struct:` (host)");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! kind: cuda }}\n{{! hub: h<class A> }}\n") ==
        "0: a cuda template needs `default-hub:` and `key:` directives");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! struct: p<int T> }}\n") == "2: template parameter 'int T' is not `class Name`");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! include: stdio.h }}\n") == "2: include must be <path> or \"path\"");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! default-hub: x; system(\"rm\") }}\n").find("2: default-hub") == 0);
  CHECK(load_error("{{! policytune-template 1 }}\n{{! base: tile=x }}\n") == "2: base value of 'tile' is not an integer");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! kind: host }}\n{{! struct: p }}\n{{#open}}\n").find("4: the template body is not valid mustache") == 0);
}

TEST_CASE("a template fits only the benchmark it names, and only labels that benchmark has", "[template]") {
  testing::TemporaryDirectory directory("template");
  const SearchSpace reduce_space = parse_search_space(
      "// %RANGE% TUNE_ITEMS_PER_THREAD ipt 7:24:1\n// %RANGE% TUNE_THREADS_PER_BLOCK tpb 128:1024:32\n"
      "// %RANGE% TUNE_ITEMS_PER_VEC_LOAD_POW2 ipv 1:2:1\n",
      "sum.cu");
  const auto fit_error = [&](const PolicyTemplate& t, const std::string& benchmark) -> std::string {
    try {
      check_template_fits(t, reduce_space, benchmark);
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
            ":2: the template is written for benchmark reduce.sum, not reduce.by_key");

  const auto scan = load_policy_template(POLICYTUNE_SOURCE_DIR "/templates/scan.mustache");
  CHECK_THAT(fit_error(scan, "reduce.sum"), Catch::Contains("written for benchmark scan.exclusive.sum, not reduce.sum"));

  // Without a benchmark: directive, the labels decide; the first unknown one is named with its line.
  const std::string path = directory.write("t.mustache",
                                           "{{! policytune-template 1 }}\n{{! kind: host }}\n{{! struct: p<class T> }}\n"
                                           "int a = {{ipt}};\n{{#tuned}}\nint b = {{ tpb }} + {{{arch}}};\n"
                                           "int c = {{&ipvv}};\n{{/tuned}}\n");
  const auto untagged = load_policy_template(path);
  CHECK(fit_error(untagged, "reduce.sum") ==
        path + ":7: the template names 'ipvv', which reduce.sum lacks (its labels: ipt, tpb, ipv)");
  const std::string section = directory.write("s.mustache",
                                              "{{! policytune-template 1 }}\n{{! kind: host }}\n{{! struct: p<class T> }}\n"
                                              "int a = {{ipt}}; {{! a note }}\n{{#wide}}\nint b = {{ipt}};\n{{/wide}}\n");
  CHECK_THAT(fit_error(load_policy_template(section), "reduce.sum"), Catch::Contains(":5: the template names 'wide'"));
}
