// policytune: tunes compile-time policies of GPU and host kernels and renders the winners into
// header-only policy hubs. This file only starts the command line (commands/command_line.hpp).
#include "commands/command_line.hpp"
#include "core/standard_descriptors.hpp"
#include "run/child_processes.hpp"
#include "run/job_supervisor.hpp"

namespace {

// Whatever way main() is left (a result, an error, Ctrl-C), no process policytune started outlives it.
struct DescendantsEndWithUs {
  DescendantsEndWithUs() { policytune::become_subreaper(); }
  ~DescendantsEndWithUs() { policytune::end_all_descendants(); }
};

}  // namespace

int main(int argc, char** argv) {
  using namespace policytune;
  occupy_closed_standard_descriptors();
  if (const auto supervised_job = supervise_jobs(argc, argv)) return *supervised_job;
  const DescendantsEndWithUs descendants;
  return run_command_line(argc, argv);
}
