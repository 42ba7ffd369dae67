#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "run/job_supervisor.hpp"

// The unit tests run their jobs under supervisors as policytune does: this executable is started
// again as each job's supervisor.
int main(int argc, char** argv) {
  if (const auto supervised_job = policytune::supervise_jobs(argc, argv)) return *supervised_job;
  return Catch::Session().run(argc, argv);
}
