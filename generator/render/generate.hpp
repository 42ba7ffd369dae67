#pragma once

#include <optional>
#include <string>
#include <vector>

#include "render/cccl_releases.hpp"
#include "render/hub_request.hpp"
#include "select/dispatch_selection.hpp"
#include "select/select_winners.hpp"

namespace policytune {

// `policytune generate`, the render stage's entry: the winners a database holds for one benchmark
// source rendered into a header through a policy template (or the library's defaults, or the
// benchmark's test variant).
struct GenerateOptions {
  std::string database;                     // read in tuned mode
  std::string benchmark;                    // the benchmark source that was searched
  std::vector<std::string> template_paths;  // several: one per format, the CCCL release picks
  std::optional<HubFormat> format;          // nullopt: the format the release takes
  std::string cccl;                         // the CCCL release the hub is for (3.5, 3.5.0); or
  std::string cccl_include;                 // the CCCL headers to read it from
  std::string output;                       // the header to write; - for standard output
  std::string name_space = "policytune::tuning";
  std::vector<std::string> architectures;  // SM numbers the consumer builds for
  RenderMode mode = RenderMode::tuned;
  DeviceMatch match = DeviceMatch::exact;
  std::string device;                          // render this device's results; empty: the only one per architecture
  std::vector<std::string> preferred_devices;  // where several measured one architecture (WinnerOptions)
  std::string device_architecture;             // its SM number, where the database has no results from it
  std::optional<DispatchOptions> dispatch;     // a policy per range of a runtime axis
};

// Renders the header. Notes on stderr say what the header cannot: each architecture served by
// another's results, results of another version of the source, a database without the
// benchmark's results. Throws UserError for bad input (an output that is one of the inputs, a
// template that does not fit the benchmark, a device the database cannot serve, a --dispatch axis
// the results lack).
void run_generate(const GenerateOptions& options);

}  // namespace policytune
