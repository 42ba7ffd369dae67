#include "run/interrupted.hpp"

#include <catch2/catch.hpp>

#include "core/environment_error.hpp"
#include "core/user_error.hpp"

using namespace policytune;

TEST_CASE("an interruption is neither the input's fault nor the machine's", "[interrupted]") {
  // search and check catch it to print what was stored and exit 130; were it a UserError or an
  // EnvironmentError, the command line would report an error (exit 2 or 74) instead.
  try {
    throw Interrupted();
  } catch (const UserError&) {
    FAIL("caught as a user error");
  } catch (const EnvironmentError&) {
    FAIL("caught as an environment error");
  } catch (const std::runtime_error& error) {
    CHECK(std::string(error.what()) == "interrupted");
  }
}
