#include "run/dependency_file.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace policytune;
using Paths = std::vector<std::string>;

TEST_CASE("a dependency list as GCC writes it: every prerequisite once, the target left out", "[dependency_file]") {
  const std::string gcc =
      "build/sum: /src/sum.cpp /usr/include/stdc-predef.h \\\n"
      " /src/bench.hpp \\\n"
      " /usr/include/c++/12/vector /src/bench.hpp\n";
  CHECK(dependency_file_prerequisites(gcc) ==
        Paths{"/src/sum.cpp", "/usr/include/stdc-predef.h", "/src/bench.hpp", "/usr/include/c++/12/vector"});
}

TEST_CASE("a dependency list as nvcc writes it: a blank before the colon, one file a line", "[dependency_file]") {
  const std::string nvcc = "k : k.cu \\\n    /usr/include/stdc-predef.h \\\n    /cuda/include/cuda_runtime.h \n";
  CHECK(dependency_file_prerequisites(nvcc) ==
        Paths{"k.cu", "/usr/include/stdc-predef.h", "/cuda/include/cuda_runtime.h"});
}

TEST_CASE("escaped blanks, dollars and hashes in paths are undone", "[dependency_file]") {
  const std::string text = "out: /my\\ headers/a.h /cost$$/b.h /issue\\#3/c.h\n";
  CHECK(dependency_file_prerequisites(text) == Paths{"/my headers/a.h", "/cost$/b.h", "/issue#3/c.h"});
}

TEST_CASE("the phony rules of -MP add nothing, CRLF line ends are read", "[dependency_file]") {
  const std::string text = "out: a.cpp \\\r\n b.h\r\n\r\nb.h:\r\n";
  CHECK(dependency_file_prerequisites(text) == Paths{"a.cpp", "b.h"});
}

TEST_CASE("a colon inside a path is no rule separator", "[dependency_file]") {
  CHECK(dependency_file_prerequisites("out: /odd:name/a.h\n") == Paths{"/odd:name/a.h"});
}

TEST_CASE("an empty or target-only list has no prerequisites", "[dependency_file]") {
  CHECK(dependency_file_prerequisites("").empty());
  CHECK(dependency_file_prerequisites("out:\n").empty());
  CHECK(dependency_file_prerequisites("no rule here\n").empty());
}
