// Builds through the build cache with the host compiler: real compiles of a two-line program.
#include "run/cached_compile.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "support/temporary_directory.hpp"

using namespace policytune;
namespace fs = std::filesystem;
using std::chrono_literals::operator""s;

namespace {

struct Project {
  testing::TemporaryDirectory directory{"cached-compile"};
  std::string header = directory.write("answer.h", "#define ANSWER 42\n");
  std::string source =
      directory.write("main.cpp", "#include \"answer.h\"\nint main() { return ANSWER + VALUE - 42 - 7; }\n");
  CompilerOptions compiler;

  Project() { compiler.build_cache = (directory.path() / "cache").string(); }

  CompileOutcome build(const std::string& output, const std::string& value = "7") const {
    return cached_compile(compiler, {source, directory.file(output), {{"VALUE", value}}}, 60s);
  }
  int run(const std::string& output) const { return run_process({directory.file(output)}, 60s).exit_code; }
};

}  // namespace

TEST_CASE("the same build again is copied from the build cache, with the first build's time", "[cached_compile]") {
  Project project;
  const auto first = project.build("first");
  REQUIRE(first.result.succeeded());
  CHECK_FALSE(first.from_cache);
  CHECK(project.run("first") == 0);
  const auto second = project.build("second");
  REQUIRE(second.result.succeeded());
  CHECK(second.from_cache);
  CHECK(second.build_time == first.build_time);
  CHECK(project.run("second") == 0);
  CHECK_FALSE(fs::exists(project.directory.file("first.d")));  // the dependency list is not left behind
}

TEST_CASE("another define, an edited header or an edited source is compiled again", "[cached_compile]") {
  Project project;
  REQUIRE(project.build("first").result.succeeded());
  SECTION("a define") {
    const auto other = project.build("other", "8");
    CHECK_FALSE(other.from_cache);
    CHECK(project.run("other") == 1);
  }
  SECTION("a header") {
    project.directory.write("answer.h", "#define ANSWER 43\n");
    const auto edited = project.build("edited");
    CHECK_FALSE(edited.from_cache);
    CHECK(project.run("edited") == 1);
  }
  SECTION("the source") {
    project.directory.write("main.cpp", "#include \"answer.h\"\nint main() { return ANSWER + VALUE - 42 - 5; }\n");
    const auto edited = project.build("edited");
    CHECK_FALSE(edited.from_cache);
    CHECK(project.run("edited") == 2);
  }
}

TEST_CASE("a build that fails is not kept: it fails again by compiling", "[cached_compile]") {
  Project project;
  project.directory.write("main.cpp", "int main() { return undeclared; }\n");
  const auto first = project.build("first");
  CHECK_FALSE(first.result.succeeded());
  CHECK(first.result.err.find("undeclared") != std::string::npos);
  const auto again = project.build("again");
  CHECK_FALSE(again.result.succeeded());
  CHECK_FALSE(again.from_cache);
}

TEST_CASE("a generated source is found by its text, not by its scratch name", "[cached_compile]") {
  Project project;
  const std::string text = "#include \"" + project.header + "\"\nint main() { return ANSWER - 42; }\n";
  const auto one = cached_compile(
      project.compiler, {project.directory.write("batch-1.cpp", text), project.directory.file("one"), {}, true}, 60s);
  const auto two = cached_compile(
      project.compiler, {project.directory.write("batch-2.cpp", text), project.directory.file("two"), {}, true}, 60s);
  CHECK_FALSE(one.from_cache);
  CHECK(two.from_cache);
  // A source of its own (not generated) is keyed by its path too.
  const auto named =
      cached_compile(project.compiler,
                     {project.directory.write("batch-3.cpp", text), project.directory.file("three"), {}, false}, 60s);
  CHECK_FALSE(named.from_cache);
}

TEST_CASE("without a build cache every build compiles", "[cached_compile]") {
  Project project;
  project.compiler.build_cache.clear();
  REQUIRE(project.build("first").result.succeeded());
  const auto second = project.build("second");
  CHECK(second.result.succeeded());
  CHECK_FALSE(second.from_cache);
  CHECK_FALSE(fs::exists(project.directory.path() / "cache"));
}

TEST_CASE("the build cache key: the command without launcher and output, the source's text", "[cached_compile]") {
  Project project;
  const CompileJob job{project.source, "/somewhere/out", {{"VALUE", "7"}}};
  const auto key = build_cache_key(project.compiler, job, "text");
  REQUIRE(key);
  CHECK(key->find("-DVALUE=7\n") != std::string::npos);
  CHECK(key->find(project.source + "\n") != std::string::npos);
  CHECK(key->find("/somewhere/out") == std::string::npos);
  auto launched = project.compiler;
  launched.launcher = "ccache";
  CHECK(build_cache_key(launched, job, "text") == key);
  CHECK(build_cache_key(project.compiler, {project.source, "/elsewhere/out", {{"VALUE", "7"}}}, "text") == key);
  CHECK(build_cache_key(project.compiler, job, "other text") != key);
  auto other_compiler = project.compiler;
  other_compiler.host_compiler = "policytune-no-such-compiler";
  CHECK_FALSE(build_cache_key(other_compiler, job, "text"));
}
