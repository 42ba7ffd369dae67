// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: main(), which ties the parts together.
//
//   bench --list                 the entries and their axes
//   bench --device               the machine's identity
//   bench [--axis SPEC]... [--min-samples N] [--max-noise F] [--max-time S]
//                                run every entry x type combination x runtime combination that
//                                passes the --axis filters and print the results
//
// stdout carries exactly one JSON document (top-level "policytune_harness": the protocol version);
// whatever the benchmark prints goes to stderr. Exit codes: 0 when it ran (whatever the states'
// statuses), 2 for a bad command line, 77 when there is no CUDA device, 1 when the benchmark's own
// definition is broken (see stderr) or the device could not be set up.
//
// The parts, one job each (as in NVBench): option_parser.hpp (the command line),
// definition_check.hpp (the registry before anything runs), axis_filters.hpp (what --axis lets
// through), run_loop.hpp (the states), json_writer.hpp (the documents), output_channel.hpp
// (stdout kept for the document). What a benchmark function is handed has its own: state.hpp,
// state_exec.hpp (state.exec()), measure_cold.hpp (the execution loop), exec_tag.hpp, launch.hpp,
// sample_timer.hpp, verifier.hpp, backend.hpp; the entries and their type axes are benchmark.hpp
// and type_lists.hpp. The rules the tool shares are in protocol/policytune/protocol/.
#pragma once

#include <policytune/bench/axis_filters.hpp>
#include <policytune/bench/benchmark.hpp>
#include <policytune/bench/definition_check.hpp>
#include <policytune/bench/device.hpp>
#include <policytune/bench/json_writer.hpp>
#include <policytune/bench/option_parser.hpp>
#include <policytune/bench/output_channel.hpp>
#include <policytune/bench/run_loop.hpp>
#include <policytune/bench/state.hpp>
#include <policytune/protocol/status.hpp>

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

namespace policytune::bench
{
/// The harness's main: call it yourself when POLICYTUNE_BENCH_NO_MAIN is defined.
inline int main(int argc, char** argv)
{
  const int json_fd = detail::redirect_stdout();
  const char* program = argc > 0 && argv[0] != nullptr ? argv[0] : "benchmark";

  detail::options opt;
  try
  {
    opt = detail::parse_command_line(argc, argv);
  }
  catch (const detail::usage_error& e)
  {
    std::fprintf(stderr, "%s: error: %s\n%s", program, e.what(), detail::usage_text().c_str());
    return protocol::exit_usage;
  }
  if (opt.help)
  {
    std::fprintf(stderr, "%s", detail::usage_text().c_str());
    return protocol::exit_ran;
  }

  try
  {
    detail::select_variant(opt.variant);
  }
  catch (const detail::usage_error& e)
  {
    std::fprintf(stderr, "%s: error: %s\n", program, e.what());
    return protocol::exit_usage;
  }

  const std::vector<std::string> errors = detail::definition_errors();
  if (!errors.empty())
  {
    for (const std::string& e : errors)
    {
      std::fprintf(stderr, "%s: error: %s\n", program, e.c_str());
    }
    return protocol::exit_broken;
  }

  if (opt.list)
  {
    detail::write_all(json_fd, detail::list_json());
    return protocol::exit_ran;
  }

  device_info dev;
  std::string reason;
  if (!detail::query_device(dev, reason))
  {
    detail::write_all(json_fd, detail::status_json(protocol::document_no_device, reason));
    return protocol::exit_no_device;
  }
  if (opt.device)
  {
    detail::write_all(json_fd, detail::device_json(dev));
    return protocol::exit_ran;
  }

  detail::note_unused_filters(opt.filters);
  try
  {
    detail::backend be;
    const std::vector<detail::state_result> states = detail::run_states(opt, be);
    detail::write_all(json_fd, detail::run_json(dev, states));
  }
  catch (const std::exception& e)
  {
    // Only the back end's set-up can get here (states catch their own exceptions).
    detail::write_all(json_fd, detail::status_json(protocol::document_error, e.what()));
    return protocol::exit_broken;
  }
  return protocol::exit_ran;
}
} // namespace policytune::bench
