// The status names and the version both ends share (protocol/policytune/protocol/status.hpp,
// version.hpp): the tool's Status is the protocol's, name for name.
#include <policytune/protocol/status.hpp>
#include <policytune/protocol/version.hpp>

#include <catch2/catch.hpp>

#include <cstring>
#include <string>

#include "core/measurement.hpp"

TEST_CASE("status: every protocol status reads back as the tool's Status of the same name", "[protocol][status]") {
  namespace protocol = policytune::protocol;
  for (std::size_t i = 0; i < protocol::status_count; ++i) {
    const auto status = static_cast<protocol::status>(i);
    const char* name = protocol::status_name(status);
    INFO(name);
    protocol::status back = protocol::status::ok;
    CHECK(protocol::parse_status(name, std::strlen(name), back));
    CHECK(back == status);
    const auto tool = policytune::parse_status(name);
    REQUIRE(tool.has_value());
    CHECK(static_cast<std::size_t>(*tool) == i);
    CHECK(policytune::to_string(*tool) == name);
  }
  protocol::status unused = protocol::status::ok;
  CHECK_FALSE(protocol::parse_status("ok!", 3, unused));
  CHECK_FALSE(protocol::parse_status("o", 1, unused));
  CHECK_FALSE(protocol::parse_status("", 0, unused));
  CHECK_FALSE(policytune::parse_status("busy").has_value());
  CHECK(std::string(protocol::status_name(protocol::status::wrong_result)) == "wrong_result");
}

TEST_CASE("status: the harness's exit codes and the protocol version", "[protocol][status]") {
  namespace protocol = policytune::protocol;
  CHECK(protocol::exit_ran == 0);
  CHECK(protocol::exit_broken == 1);
  CHECK(protocol::exit_usage == 2);
  CHECK(protocol::exit_no_device == 77);
  CHECK(protocol::version == 1);
  CHECK(std::string(protocol::version_key) == "policytune_harness");
}
