// state.exec() (bench/policytune/bench/state_exec.hpp): once per state, nothing for a skipped one,
// no samples for a wrong result; what the run loop reads of the state afterwards.
#include <policytune/bench/run_loop.hpp>
#include <policytune/bench/state.hpp>

#include <catch2/catch.hpp>

#include <stdexcept>
#include <vector>

namespace {
using policytune::bench::launch;
using policytune::bench::sample_timer;
using policytune::bench::state;
using policytune::bench::detail::state_access;

// A state without runtime axes, sampled as few times as the rule allows.
struct lone_state {
  policytune::bench::detail::backend backend;
  std::vector<policytune::bench::axis> axes;
  state s;
  explicit lone_state(long long min_samples = 4) : s(backend, settings(min_samples), axes, {}) {}
  static policytune::bench::run_settings settings(long long min_samples) {
    policytune::bench::run_settings r;
    r.min_samples = min_samples;
    return r;
  }
};

auto modelled(int& calls) {
  return [&calls](launch&, sample_timer& timer) {
    ++calls;
    timer.report_seconds(0.5);
  };
}
}  // namespace

TEST_CASE("state.exec: warmed up, verified, then sampled", "[harness][state_exec]") {
  lone_state lone;
  int calls = 0;
  bool verified_after_first_call = false;
  lone.s.verify_with([&] {
    verified_after_first_call = calls == 1;
    return true;
  });
  lone.s.exec(policytune::bench::exec_tag::timer, modelled(calls));
  CHECK(verified_after_first_call);
  CHECK(calls == 5);  // the warm-up and 4 samples
  CHECK(state_access::exec_called(lone.s));
  CHECK(state_access::verified(lone.s));
  CHECK(state_access::stats(lone.s).count == 4);
  CHECK(state_access::stats(lone.s).median == 0.5);
  CHECK_THROWS_AS(lone.s.exec(policytune::bench::exec_tag::timer, modelled(calls)), std::logic_error);
  CHECK_THROWS_AS(lone.s.verify_with([] { return true; }), std::logic_error);
}

TEST_CASE("state.exec: a failed verification is a wrong result with its detail and no samples",
          "[harness][state_exec]") {
  lone_state lone;
  int calls = 0;
  lone.s.verify_with([] { return policytune::bench::failed("element 2: actual 1, expected 3"); });
  lone.s.exec(policytune::bench::exec_tag::timer, modelled(calls));
  CHECK(calls == 1);
  CHECK(state_access::wrong_result(lone.s));
  CHECK_FALSE(state_access::verified(lone.s));
  CHECK(state_access::reason(lone.s) == "element 2: actual 1, expected 3");
  CHECK(state_access::stats(lone.s).count == 0);
}

TEST_CASE("state.exec: a skipped state runs nothing; one without a verifier is measured unverified",
          "[harness][state_exec]") {
  lone_state skipped;
  int calls = 0;
  skipped.s.skip("tpb over the device's limit");
  skipped.s.exec(policytune::bench::exec_tag::timer, modelled(calls));
  CHECK(calls == 0);
  CHECK_FALSE(state_access::exec_called(skipped.s));

  lone_state unverified(2);
  unverified.s.exec(policytune::bench::exec_tag::timer, modelled(calls));
  CHECK(calls == 3);
  CHECK_FALSE(state_access::verified(unverified.s));
  CHECK_FALSE(state_access::wrong_result(unverified.s));
  CHECK(state_access::stats(unverified.s).count == 2);
}
