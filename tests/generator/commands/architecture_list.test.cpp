#include "commands/architecture_list.hpp"

#include <catch2/catch.hpp>

#include "core/user_error.hpp"

using namespace policytune;

namespace {

std::string architecture_list_error(const std::vector<std::string>& given) {
  try {
    parse_architecture_list(given);
  } catch (const UserError& error) {
    return error.message();
  }
  return "";
}

}  // namespace

TEST_CASE("the --archs list takes CMake's spellings and gives SM numbers, lowest first", "[generate_command]") {
  CHECK(parse_architecture_list({}).empty());
  CHECK(parse_architecture_list({"90,80"}) == std::vector<std::string>{"80", "90"});
  CHECK(parse_architecture_list({"100;90-real", "80-virtual"}) == std::vector<std::string>{"80", "90", "100"});
  // One SM number for its variants and real/virtual halves.
  CHECK(parse_architecture_list({"90-real,90-virtual,90a,120f"}) == std::vector<std::string>{"90", "120"});
  CHECK(parse_architecture_list({"10,999"}) == std::vector<std::string>{"10", "999"});
}

TEST_CASE("a malformed --archs is one error naming the item", "[generate_command]") {
  const std::string spelled = "' is not an architecture such as 90, 90a or 90-real (SM numbers 10 to 999)";
  CHECK(architecture_list_error({"-90"}) == "--archs '-90': '-90" + spelled);
  CHECK(architecture_list_error({"80,-90"}) == "--archs '80,-90': '-90" + spelled);
  for (const std::string bad :
       {"0", "9", "090", "1000", "99999999999999", "sm_90", "90b", "90-real-real", "all", "native", "9O", " 90", "+90"})
    CHECK(architecture_list_error({bad}) == "--archs '" + bad + "': '" + bad + spelled);
  CHECK(architecture_list_error({""}) == "--archs '': an empty architecture between separators");
  CHECK(architecture_list_error({"80,,90"}) == "--archs '80,,90': an empty architecture between separators");
  CHECK(architecture_list_error({"80,"}) == "--archs '80,': an empty architecture between separators");
  CHECK(architecture_list_error({"80,80"}) == "--archs: 80 is given twice");
  CHECK(architecture_list_error({"80", "90;80"}) == "--archs: 80 is given twice");
}

TEST_CASE("the --device-arch value is an SM number", "[generate_command]") {
  CHECK_NOTHROW(check_sm_number("--device-arch", "100"));
  for (const char* bad : {"0", "", "-90", "100a", "99999999999999999999", "1000", "090"})
    CHECK_THROWS_WITH(check_sm_number("--device-arch", bad),
                      "--device-arch '" + std::string(bad) + "' is not an SM number such as 100 (10 to 999)");
}
