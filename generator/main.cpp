// policytune: tunes compile-time policies of GPU and host kernels and renders the winners into
// header-only policy hubs. This file only wires the command table to the command line.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <exception>

#include "child_processes.hpp"
#include "commands/command.hpp"
#include "environment_error.hpp"
#include "job_supervisor.hpp"
#include "user_error.hpp"
#include "version.hpp"

namespace {

// Whatever way main() is left (a result, an error, Ctrl-C), no process policytune started outlives it.
struct DescendantsEndWithUs {
  DescendantsEndWithUs() { policytune::become_subreaper(); }
  ~DescendantsEndWithUs() { policytune::end_all_descendants(); }
};

}  // namespace

int main(int argc, char** argv) {
  using namespace policytune;
  if (const auto supervised_job = supervise_jobs(argc, argv)) return *supervised_job;
  const DescendantsEndWithUs descendants;
  CLI::App app{"policytune: tune compile-time kernel policies and render them into policy hubs"};
  app.set_version_flag("--version", std::string(kVersion));
  app.require_subcommand(1);
  RunCommand run;
  for (const Command& command : all_commands()) {
    CLI::App* sub = app.add_subcommand(command.name, command.summary);
    RunCommand prepared = command.setup(*sub);
    sub->callback([&run, prepared] { run = prepared; });
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& done) {
    return app.exit(done);
  } catch (const CLI::ParseError& error) {
    fmt::print(stderr, "policytune: error: {}\n", error.what());
    return kUserErrorExit;
  }
  try {
    return run();
  } catch (const UserError& error) {
    fmt::print(stderr, "policytune: error: {}\n", error.what());
    return kUserErrorExit;
  } catch (const EnvironmentError& error) {
    fmt::print(stderr, "policytune: error: {}\n", error.what());
    return kEnvironmentErrorExit;
  } catch (const std::exception& error) {
    fmt::print(stderr, "policytune: internal error (please report): {}\n", error.what());
    return kInternalErrorExit;
  }
}
