// A registered verifier held without its type (bench/policytune/bench/verifier.hpp).
#include <policytune/bench/verifier.hpp>

#include <catch2/catch.hpp>

#include <memory>
#include <string>

using policytune::bench::verification;
using policytune::bench::detail::verifier_base;
using policytune::bench::detail::verifier_holder;

namespace {
template <class F>
std::unique_ptr<verifier_base> held_verifier(F f) {
  return std::make_unique<verifier_holder<F>>(std::move(f));
}
}  // namespace

TEST_CASE("a verifier returns a verification, or a bool that fails with a plain reason", "[harness][verifier]") {
  CHECK(held_verifier([] { return true; })->run().passed);
  const verification no = held_verifier([] { return false; })->run();
  CHECK_FALSE(no.passed);
  CHECK(no.detail == "verification failed");
  const verification detailed =
      held_verifier([] { return policytune::bench::failed("element 3: actual 4, expected 5"); })->run();
  CHECK_FALSE(detailed.passed);
  CHECK(detailed.detail == "element 3: actual 4, expected 5");
  int calls = 0;
  const auto counted = held_verifier([&calls] { return ++calls > 0; });
  counted->run();
  counted->run();
  CHECK(calls == 2);  // called each time it is run, with its captures
}
