#include "render/policy_template.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

#include "core/user_error.hpp"
#include "render/release_template.hpp"
#include "space/search_space.hpp"
#include "support/temporary_directory.hpp"

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
  CHECK(reduce.format == HubFormat::chained_policy);
  CHECK(reduce.hub_name == "policy_hub");
  std::vector<std::string> parameters;
  for (const auto& parameter : reduce.hub_parameters) parameters.push_back(parameter.declaration());
  CHECK(parameters == std::vector<std::string>{"class AccumT", "class OffsetT", "class ReductionOpT"});
  CHECK(reduce.key == std::vector<std::string>{"AccumT", "OffsetT"});
  CHECK(reduce.includes == std::vector<std::string>{"<cub/device/dispatch/tuning/tuning_reduce.cuh>"});
  const auto transpose = load_policy_template(POLICYTUNE_SOURCE_DIR "/templates/transpose.mustache");
  CHECK(transpose.format == HubFormat::host);
  CHECK(transpose.base_values == std::map<std::string, std::int64_t>{{"tile", 3}, {"unroll", 0}});
  CHECK(transpose.render({{"tile", 5}, {"unroll", 1}}, true, {}) ==
        "static constexpr int tile   = 1 << 5;\nstatic constexpr int unroll = 1 << 1;\n");
}

TEST_CASE("the body renders C++ verbatim, with tuned and fallback sections", "[template]") {
  testing::TemporaryDirectory directory("template");
  const auto t = load_policy_template(
      directory.write("t.mustache",
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
        "2: a chained_policy template needs `default:` and `key:` directives");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! struct: p<int 5T> }}\n") ==
        "2: template parameter 'int 5T' is not `class Name` or `type Name`");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! struct: p<T> }}\n") ==
        "2: template parameter 'T' is not `class Name` or `type Name`");
  // C++ keywords name neither the hub nor its parameters.
  CHECK(load_error("{{! policytune-template 1 }}\n{{! struct: class<class T> }}\n") ==
        "2: 'class' is not an identifier");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! struct: p<class new> }}\n") ==
        "2: template parameter 'class new' is not `class Name` or `type Name`");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! format: chained }}\n") ==
        "2: format must be chained_policy, policy_selector or host, not 'chained'");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! cccl: 3.4-3.1 }}\n") ==
        "2: cccl: takes releases as 3.0-3.2, 3.5- or 3.4");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! cccl: three }}\n") ==
        "2: cccl: takes releases as 3.0-3.2, 3.5- or 3.4");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! format: policy_selector }}\n{{! hub: s<class A> }}\n"
                   "{{! default: d<A> }}\n{{! key: A }}\n") ==
        "2: a policy_selector template needs a `policy-type:` directive");
  // A key entry stands for one compile-time axis: it names exactly one type parameter.
  CHECK(load_error("{{! policytune-template 1 }}\n{{! hub: h<class A, class B, int N> }}\n{{! default: d<A> }}\n"
                   "{{! key: sizeof(A) + sizeof(B) }}\n") ==
        "4: key 'sizeof(A) + sizeof(B)' is not a type or a constant expression of one");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! hub: h<class A, class B, int N> }}\n{{! default: d<A> }}\n"
                   "{{! key: sizeof(A, B) }}\n") == "4: key 'sizeof(A, B)' must name exactly one type parameter of h");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! hub: h<class A, class B, int N> }}\n{{! default: d<A> }}\n"
                   "{{! key: N }}\n") == "4: key 'N' must name exactly one type parameter of h");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! include: stdio.h }}\n") ==
        "2: include must be <path> or \"path\"");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! default-hub: x; system(\"rm\") }}\n").find("2: default-hub") ==
        0);
  CHECK(load_error("{{! policytune-template 1 }}\n{{! base: tile=x }}\n") ==
        "2: base value of 'tile' is not an integer");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! kind: host }}\n{{! struct: p }}\n{{#open}}\n")
            .find("4: the template body is not valid mustache") == 0);
}

TEST_CASE("hub parameters may be non-type, and keys traits of a type", "[template]") {
  testing::TemporaryDirectory directory("template");
  const auto t = load_policy_template(
      directory.write("t.mustache",
                      "{{! policytune-template 1 }}\n{{! format: chained_policy }}\n"
                      "{{! hub: histogram_hub<class SampleT, int NumChannels, bool IsEven> }}\n"
                      "{{! default: ::cub::detail::histogram::policy_hub<SampleT, NumChannels, IsEven> }}\n"
                      "{{! key: sizeof(SampleT) }}\n{{! cccl: 3.0-3.2 }}\nusing P = int;\n"));
  std::vector<std::string> declarations;
  for (const auto& parameter : t.hub_parameters) declarations.push_back(parameter.declaration());
  CHECK(declarations == std::vector<std::string>{"class SampleT", "int NumChannels", "bool IsEven"});
  CHECK_FALSE(t.hub_parameters[1].is_type());
  CHECK(t.key == std::vector<std::string>{"sizeof(SampleT)"});
  CHECK(t.releases.first == 300);
  CHECK(t.releases.last == 302);
  const auto release_error = [&](int release) -> std::string {
    try {
      check_template_release(t, release);
    } catch (const UserError& error) {
      return std::to_string(error.line()) + ": " + error.message();
    }
    return "";
  };
  CHECK(release_error(300) == "");
  CHECK(release_error(302) == "");
  CHECK(release_error(305) == "6: the template is written for CCCL 3.0 to 3.2, not CCCL 3.5");
}

TEST_CASE("partials are refused where the template loads", "[template]") {
  CHECK(load_error("{{! policytune-template 1 }}\n{{! kind: host }}\n{{! struct: p<class T> }}\nint a;{{> other}}\n") ==
        "4: partial 'other': templates take no partials (it would render nothing)");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! kind: host }}\n{{! struct: p<class T> }}\n{{=| |=}}\n|>x|\n") ==
        "5: partial 'x': templates take no partials (it would render nothing)");
}

TEST_CASE("a header: directive names a file in the template's folder, never the template", "[template]") {
  testing::TemporaryDirectory directory("template");
  const std::string head = "{{! policytune-template 1 }}\n{{! kind: host }}\n{{! struct: p<class T> }}\n";
  const auto header_error = [&](const std::string& value) -> std::string {
    try {
      load_policy_template(directory.write("t.mustache", head + "{{! header: " + value + " }}\nint a;\n"));
    } catch (const UserError& error) {
      return std::to_string(error.line()) + ": " + error.message();
    }
    return "";
  };
  std::filesystem::create_directories(directory.path() / "formats");
  directory.write("formats/mine.mustache", "{{{banner}}}\n");
  directory.write("mine.mustache", "{{{banner}}}\n");
  CHECK(header_error("mine.mustache").empty());
  CHECK(header_error("formats/mine.mustache").empty());
  CHECK(header_error("formats/../mine.mustache").empty());
  CHECK(load_policy_template(directory.file("t.mustache")).header ==
        (directory.path() / "mine.mustache").lexically_normal().string());
  CHECK(header_error("t.mustache") == "4: header: 't.mustache' is the template itself");
  CHECK(header_error("./formats/../t.mustache") == "4: header: './formats/../t.mustache' is the template itself");
  CHECK(header_error(directory.file("mine.mustache")) ==
        "4: header: '" + directory.file("mine.mustache") + "' must be a path relative to the template's folder");
  CHECK(header_error("../mine.mustache") == "4: header: '../mine.mustache' is outside the template's folder");
  CHECK(header_error("formats/../../x") == "4: header: 'formats/../../x' is outside the template's folder");
  CHECK(header_error(".") == "4: header: '.' is outside the template's folder");
  CHECK(header_error("formats") == "4: header: 'formats': no such file beside the template");
  CHECK(header_error("none.mustache") == "4: header: 'none.mustache': no such file beside the template");
  // A symbolic link in the folder that leads out of it.
  testing::TemporaryDirectory elsewhere("template-outside");
  std::filesystem::create_symlink(elsewhere.write("outside.mustache", "{{{banner}}}\n"),
                                  directory.path() / "link.mustache");
  CHECK(header_error("link.mustache") == "4: header: 'link.mustache' leads outside the template's folder");
  std::filesystem::create_symlink(directory.path() / "t.mustache", directory.path() / "self.mustache");
  CHECK(header_error("self.mustache") == "4: header: 'self.mustache' is the template itself");
}

TEST_CASE("a class directive classes an axis by its type's size, or keeps its key entry", "[template][classes]") {
  testing::TemporaryDirectory directory("template");
  const auto t = load_policy_template(
      directory.write("t.mustache",
                      "{{! policytune-template 1 }}\n{{! hub: h<class AccumT, class OffsetT, int N> }}\n"
                      "{{! default: d<AccumT> }}\n{{! key: AccumT, sizeof(OffsetT) }}\n"
                      "{{! class: sizeof( AccumT ), sizeof(OffsetT) }}\n"
                      "{{! type: V3 = ::mine::vec3 (12 bytes) }}\n{{! type: B1 = ::mine::flag (1 byte) }}\n"
                      "{{! type: C32 = ::cuda::std::complex<float> }}\n{{! type: I32 = ::mine::int32 }}\n"
                      "using P = int;\n"));
  CHECK(t.class_key == std::vector<std::string>{"sizeof( AccumT )", "sizeof(OffsetT)"});
  CHECK(t.class_line == 5);
  CHECK(t.classes_by_size(0));
  CHECK_FALSE(t.classes_by_size(1));  // the key entry itself: exact on that axis
  // Sizes: a stated one, the standard labels', none where nobody stated it.
  CHECK(t.spelling_of("V3") == "::mine::vec3");
  CHECK(t.size_of("V3") == std::optional<std::size_t>(12));
  CHECK(t.size_of("B1") == std::optional<std::size_t>(1));
  CHECK(t.size_of("F64") == std::optional<std::size_t>(8));
  CHECK(t.size_of("U128") == std::optional<std::size_t>(16));
  CHECK_FALSE(t.size_of("C32"));
  CHECK_FALSE(t.size_of("I32"));  // spelled as another type, which states no size
  CHECK_FALSE(t.size_of("X9"));
}

TEST_CASE("class directive errors name the template's line", "[template][classes]") {
  const std::string head =
      "{{! policytune-template 1 }}\n{{! hub: h<class A, class B, int N> }}\n{{! default: d<A> }}\n"
      "{{! key: A, B }}\n";
  CHECK(load_error(head + "{{! class: alignof(A), B }}\n") ==
        "5: class entry 'alignof(A)' is neither the key entry 'A' nor sizeof(A)");
  CHECK(load_error(head + "{{! class: sizeof(A) }}\n") ==
        "5: class: has 1 entries, key: has 2 (one per compile-time axis)");
  CHECK(load_error(head + "{{! class: sizeof(A), sizeof(B), B }}\n") ==
        "5: class: has 3 entries, key: has 2 (one per compile-time axis)");
  CHECK(load_error(head + "{{! class: sizeof(N), B }}\n") ==
        "5: class entry 'sizeof(N)': N is not a type parameter of h");
  CHECK(load_error(head + "{{! class: sizeof(Q), B }}\n") ==
        "5: class entry 'sizeof(Q)': Q is not a type parameter of h");
  CHECK(load_error(head + "{{! class: sizeof(B), B }}\n") ==
        "5: class entry 'sizeof(B)' must class the type its axis keys on: sizeof(A)");
  CHECK(load_error(head + "{{! class: A, B }}\n") ==
        "5: class: classes no axis by size (sizeof(P)): it would repeat key:");
  CHECK(load_error(head + "{{! class: }}\n") == "5: class: takes one entry per compile-time axis, as key: does");
  // The class directive may come before the key it is checked against.
  CHECK(load_error("{{! policytune-template 1 }}\n{{! class: sizeof(A) }}\n{{! hub: h<class A> }}\n"
                   "{{! default: d<A> }}\n{{! key: A }}\nusing P = int;\n") == "");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! type: V3 = ::v (0 bytes) }}\n") ==
        "2: type V3: a C++ type has at least 1 byte");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! type: V3 = ::v (twelve bytes) }}\n") ==
        "2: type directives are written `type: LABEL = C++ type` or `type: LABEL = C++ type (N bytes)`");
}

TEST_CASE("the policy_selector and host formats refuse a class directive at its line", "[template][classes]") {
  CHECK(load_error("{{! policytune-template 1 }}\n{{! format: policy_selector }}\n{{! hub: s<class A> }}\n"
                   "{{! default: d<A> }}\n{{! policy-type: ::cub::ReducePolicy }}\n{{! key: A }}\n"
                   "{{! class: sizeof(A) }}\nusing P = int;\n") ==
        "7: class: is rendered by chained_policy hubs only, not by format policy_selector");
  CHECK(load_error("{{! policytune-template 1 }}\n{{! class: sizeof(A) }}\n{{! format: host }}\n"
                   "{{! struct: p<class A> }}\nusing P = int;\n") ==
        "2: class: is rendered by chained_policy hubs only, not by format host");
}
