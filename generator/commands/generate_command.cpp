#include <memory>

#include "commands/architecture_list.hpp"
#include "commands/command.hpp"
#include "core/user_error.hpp"
#include "render/generate.hpp"

namespace policytune {

namespace {

// The command line's words, before they are the render stage's options.
struct GenerateCommandOptions {
  GenerateOptions stage;
  std::string format = "auto";
  std::string mode = "tuned";
  std::string match = "exact";
  DispatchCommandOptions dispatch;

  GenerateOptions resolved() const {
    GenerateOptions options = stage;
    options.format = format == "auto" ? std::nullopt : parse_format(format);
    options.mode = mode == "base" ? RenderMode::base : mode == "test" ? RenderMode::test : RenderMode::tuned;
    options.match = match == "nearest" ? DeviceMatch::nearest : DeviceMatch::exact;
    options.architectures = parse_architecture_list(stage.architectures);
    if (!options.device_architecture.empty()) check_sm_number("--device-arch", options.device_architecture);
    options.dispatch = dispatch.resolved();
    return options;
  }
};

void add_generate_options(CLI::App& app, GenerateCommandOptions& command) {
  GenerateOptions& options = command.stage;
  add_database_option(app, options.database);
  app.add_option("--benchmark", options.benchmark, "the benchmark source that was searched")->required();
  app.add_option("--template", options.template_paths,
                 "how a winning variant becomes a policy (templates/); several: one per format, the release picks "
                 "(without --cccl: the release the results were measured with)")
      ->required();
  app.add_option("--format", command.format,
                 "auto: the one the CCCL release takes; or chained_policy, policy_selector, host")
      ->check(CLI::IsMember({"auto", "chained_policy", "policy_selector", "host"}))
      ->capture_default_str();
  auto* cccl = app.add_option("--cccl", options.cccl, "the CCCL release the hub is for (3.5 or 3.5.0)");
  app.add_option("--cccl-include", options.cccl_include,
                 "or the CCCL headers to read the release from (cub/version.cuh)")
      ->excludes(cccl);
  app.add_option("-o,--output", options.output,
                 "the header to write (a regular file, through links; - for standard output)")
      ->required();
  app.add_option("--namespace", options.name_space, "namespace of the generated hub")->capture_default_str();
  app.add_option("--archs", options.architectures, "SM architectures the consumer builds for (80,90)");
  app.add_option("--mode", command.mode,
                 "tuned: the database decides; base: library defaults; test: the %TEST% variant")
      ->check(CLI::IsMember({"tuned", "base", "test"}))
      ->capture_default_str();
  app.add_option("--match", command.match,
                 "exact, or nearest: results of another device of the same architecture, else of the nearest lower one")
      ->check(CLI::IsMember({"exact", "nearest"}))
      ->capture_default_str();
  auto* device = app.add_option("--device", options.device, "render for this device's results (by name)");
  app.add_option("--device-arch", options.device_architecture,
                 "the SM number of --device (100) where the database has no results from it (a new GPU)")
      ->needs(device);
  app.add_option("--prefer", options.preferred_devices,
                 "where several devices measured one architecture: the results of the first of these (by name) "
                 "that did; repeatable")
      ->allow_extra_args(false);
  add_dispatch_options(app, command.dispatch,
                       "a policy per range of this runtime axis (Elements{io}) where several beat one, and a selector");
}

}  // namespace

RunCommand setup_generate(CLI::App& app) {
  auto options = std::make_shared<GenerateCommandOptions>();
  add_generate_options(app, *options);
  return [options] {
    run_generate(options->resolved());
    return 0;
  };
}

}  // namespace policytune
