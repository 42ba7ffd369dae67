#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <set>

#include "commands/architecture_list.hpp"
#include "commands/command.hpp"
#include "core/benchmark_name.hpp"
#include "core/output_among_inputs.hpp"
#include "core/output_file.hpp"
#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "core/workload.hpp"
#include "render/cccl_releases.hpp"
#include "render/hub_model.hpp"
#include "render/hub_renderer.hpp"
#include "render/policy_template.hpp"
#include "render/release_template.hpp"
#include "select/architecture_fallback.hpp"
#include "select/select_winners.hpp"
#include "select/workload_group.hpp"
#include "store/results_database.hpp"

namespace policytune {
namespace {

struct GenerateOptions {
  std::string database;
  std::string benchmark;
  std::vector<std::string> template_paths;
  std::string format = "auto";
  std::string cccl;          // a release, 3.5 or 3.5.0
  std::string cccl_include;  // or the headers to read it from
  std::string output;
  std::string name_space = "policytune::tuning";
  std::vector<std::string> architectures;
  std::string mode = "tuned";
  std::string match = "exact";
  std::string device;
  std::string device_architecture;
  DispatchCommandOptions dispatch;
};

// The SM number of --device: as the database records it (from any benchmark), else as
// --device-arch says; empty where neither knows. Throws UserError where the two disagree.
std::string device_architecture(const GenerateOptions& options, const std::vector<Measurement>& measurements) {
  const std::string& given = options.device_architecture;  // checked by run_generate
  const auto recorded = recorded_architecture(measurements, options.device);
  if (recorded && !given.empty() && *recorded != given) {
    throw UserError(
        options.database, 0,
        fmt::format("--device-arch {}: the database records '{}' as sm_{}", given, options.device, *recorded));
  }
  return recorded ? *recorded : given;
}

// Tells the user what each architecture without measurements of its own gets: the header says it
// too, but a build that regenerates it should not hide it.
void note_fallbacks(const std::vector<ArchitecturePolicies>& architectures, const HubRequest& request) {
  for (const auto& architecture : architectures) {
    if (measured_architecture(architecture) != architecture.architecture) {
      fmt::print(stderr, "policytune: note: sm_{}: {}\n", architecture.architecture, architecture.device_note);
    }
  }
  for (const auto& fallback : architecture_fallbacks(architectures, request.architectures)) {
    fmt::print(stderr, "policytune: note: {}\n", describe(fallback));
  }
}

void add_generate_options(CLI::App& app, GenerateOptions& options) {
  add_database_option(app, options.database);
  app.add_option("--benchmark", options.benchmark, "the benchmark source that was searched")->required();
  app.add_option("--template", options.template_paths,
                 "how a winning variant becomes a policy (templates/); several: one per format, the release picks "
                 "(without --cccl: the release the results were measured with)")
      ->required();
  app.add_option("--format", options.format,
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
  app.add_option("--mode", options.mode,
                 "tuned: the database decides; base: library defaults; test: the %TEST% variant")
      ->check(CLI::IsMember({"tuned", "base", "test"}))
      ->capture_default_str();
  app.add_option("--match", options.match,
                 "exact, or nearest: results of another device of the same architecture, else of the nearest lower one")
      ->check(CLI::IsMember({"exact", "nearest"}))
      ->capture_default_str();
  auto* device = app.add_option("--device", options.device, "render for this device's results (by name)");
  app.add_option("--device-arch", options.device_architecture,
                 "the SM number of --device (100) where the database has no results from it (a new GPU)")
      ->needs(device);
  add_dispatch_options(app, options.dispatch,
                       "a policy per range of this runtime axis (Elements{io}) where several beat one, and a selector");
}

// The CCCL release the hub is for: --cccl, or read from --cccl-include; nullopt where neither is given.
std::optional<int> release_asked(const GenerateOptions& options) {
  std::optional<int> release;
  if (!options.cccl.empty()) {
    release = parse_cccl_release(options.cccl);
    if (!release) throw UserError("--cccl '" + options.cccl + "' is not a release such as 3.5 or 3.5.0");
  } else if (!options.cccl_include.empty()) {
    release = release_of_headers(options.cccl_include);
  }
  return release;
}

// With --device: its architecture (into `winner_options`), and an error where the database has no
// result of the benchmark from that device and nothing else can stand in.
void resolve_device(const GenerateOptions& options, const std::vector<Measurement>& measurements,
                    const std::string& benchmark, WinnerOptions& winner_options) {
  winner_options.device_architecture = device_architecture(options, measurements);
  const bool unmeasured = std::none_of(measurements.begin(), measurements.end(), [&](const Measurement& m) {
    return m.benchmark == benchmark && m.device.name == options.device;
  });
  const std::string missing = "--device '" + options.device + "': no results of " + benchmark + " from that device";
  if (unmeasured && winner_options.match == DeviceMatch::exact) throw UserError(options.database, 0, missing);
  if (unmeasured && winner_options.device_architecture.empty()) {
    throw UserError(options.database, 0, missing + ", nor its architecture: say it with --device-arch (such as 100)");
  }
}

// --mode tuned with a database: the winners per architecture. The device's architecture joins
// `request`'s where the winners come from a nearest match.
std::vector<ArchitecturePolicies> tuned_architectures(const GenerateOptions& options, const std::string& source,
                                                      const SearchSpace& space, const PolicyTemplate& policy_template,
                                                      const std::optional<DispatchOptions>& dispatch,
                                                      ResultsDatabase& database,
                                                      const std::vector<Measurement>& measurements,
                                                      HubRequest& request) {
  WinnerOptions winner_options{request.benchmark, content_hash(source),
                               options.match == "nearest" ? DeviceMatch::nearest : DeviceMatch::exact, options.device,
                               dispatch};
  winner_options.declared =
      declared_axes_of(database.search_spaces(), request.benchmark, winner_options.source_hash, options.database);
  std::size_t stale = 0, current = 0;
  for (const auto& m : measurements) {
    if (m.benchmark != request.benchmark) continue;
    (m.source_hash == winner_options.source_hash ? current : stale) += 1;
  }
  if (stale > 0) {
    fmt::print(stderr, "policytune: note: {} results of {} measured another version of {}; they are not used\n", stale,
               request.benchmark, options.benchmark);
  }
  if (current == 0) {
    // A header of defaults looks like any other: say why this one holds no tuning.
    fmt::print(stderr, "policytune: note: {} holds no results of {}{}: rendering the library's defaults\n",
               options.database, request.benchmark, stale > 0 ? " as it is now" : "");
  }
  if (!options.device.empty()) resolve_device(options, measurements, request.benchmark, winner_options);
  std::vector<ArchitecturePolicies> architectures = select_winners(measurements, space, winner_options);
  const std::string& device_arch = winner_options.device_architecture;
  if (policy_template.format != HubFormat::host) {
    // The device's architecture is one the header is for: where nothing serves it, say so.
    if (winner_options.match == DeviceMatch::nearest && sm_number(device_arch) >= 0 &&
        std::find(request.architectures.begin(), request.architectures.end(), device_arch) ==
            request.architectures.end()) {
      request.architectures.push_back(device_arch);
      std::sort(request.architectures.begin(), request.architectures.end(),
                [](const std::string& a, const std::string& b) { return sm_number(a) < sm_number(b); });
    }
    note_fallbacks(architectures, request);
  }
  return architectures;
}

// --dispatch names a runtime axis of the benchmark: where the current source's results exist, one
// of theirs (UserError otherwise, naming theirs); without results (base and test modes, no
// database) only the source can tell, and a note says where it does not name the axis, since
// every workload gets one range whatever the axis is.
void check_dispatch_axis(const GenerateOptions& options, const std::string& source,
                         const std::vector<Measurement>& measurements, const std::string& benchmark) {
  const std::string& axis = options.dispatch.axis;
  HubRequest named;
  named.dispatch_axis = axis;
  if (axis.empty() || request_parameter(named).rfind("value_", 0) == 0) return;  // render_hub refuses the name
  const std::string hash = content_hash(source);
  std::set<std::string> axes;
  bool measured = false;
  for (const auto& m : measurements) {
    if (m.benchmark != benchmark || m.source_hash != hash) continue;
    measured = true;
    for (const auto& [name, value] : parse_workload(m.rt_workload))
      axes.insert(name.ends_with("[pow2]") ? name.substr(0, name.size() - 6) : name);
  }
  if (measured && axes.count(axis) == 0) {
    throw UserError(options.database, 0,
                    fmt::format("--dispatch '{}': the results of {} have no such runtime axis ({})", axis, benchmark,
                                axes.empty() ? "they have none" : fmt::format("theirs: {}", fmt::join(axes, ", "))));
  }
  if (!measured && source.find('"' + axis + '"') == std::string::npos) {
    fmt::print(stderr,
               "policytune: note: --dispatch {}: {} does not name such a runtime axis, and no results of {} can tell; "
               "every workload gets one range\n",
               axis, options.benchmark, benchmark);
  }
}

// What generate reads, any of which -o must not name: the database (read in tuned mode only, but a
// header written over it would be lost in any mode), the benchmark, the templates and CCCL's version header.
std::vector<CommandInput> generate_inputs(const GenerateOptions& options) {
  std::vector<CommandInput> inputs = database_inputs("--db", options.database);
  inputs.push_back(command_input("--benchmark", options.benchmark));
  for (const auto& path : options.template_paths) inputs.push_back(command_input("--template", path));
  if (!options.cccl_include.empty()) {
    inputs.push_back({"the version header of --cccl-include " + options.cccl_include,
                      (std::filesystem::path(options.cccl_include) / "cub" / "version.cuh").string()});
  }
  return inputs;
}

int run_generate(const GenerateOptions& options) {
  refuse_output_among_inputs("-o", options.output, generate_inputs(options));
  if (!options.device_architecture.empty()) check_sm_number("--device-arch", options.device_architecture);
  const std::optional<DispatchOptions> dispatch = options.dispatch.resolved();
  const std::string source = read_text_file(options.benchmark);
  const SearchSpace space = parse_search_space(source, options.benchmark);
  HubRequest request;
  request.benchmark = benchmark_name_from_path(options.benchmark);
  // The results are read once: they may also say which CCCL release the hub is for.
  std::optional<ResultsDatabase> database;
  std::vector<Measurement> measurements;
  const bool tuned = options.mode != "base" && options.mode != "test";
  if (tuned && std::filesystem::exists(options.database)) {
    database.emplace(options.database, ResultsDatabase::Mode::read_only);
    measurements = database->measurements();
  }
  std::optional<int> release = release_asked(options);
  if (!release && options.template_paths.size() > 1) {  // the release this source was measured with picks
    release = release_measured(measurements, request.benchmark, content_hash(source), options.database);
  }
  std::vector<PolicyTemplate> templates;
  std::vector<CommandInput> skeletons;  // a template's own header skeleton is read too
  for (const auto& path : options.template_paths) {
    templates.push_back(load_policy_template(path));
    if (!templates.back().header.empty()) {
      skeletons.push_back({"the header skeleton of --template " + path, templates.back().header});
    }
  }
  refuse_output_among_inputs("-o", options.output, skeletons);
  const PolicyTemplate& policy_template =
      choose_template(templates, options.format == "auto" ? std::nullopt : parse_format(options.format), release);
  check_template_fits(policy_template, space, request.benchmark, options.benchmark);
  check_dispatch_axis(options, source, measurements, request.benchmark);
  request.name_space = options.name_space;
  request.database = options.database;
  request.mode = options.mode == "base"   ? RenderMode::base
                 : options.mode == "test" ? RenderMode::test
                                          : RenderMode::tuned;
  request.architectures = parse_architecture_list(options.architectures);
  request.test_variant = parse_test_variant(source, options.benchmark, space);
  request.dispatch_axis = options.dispatch.axis;
  std::vector<ArchitecturePolicies> architectures;
  if (request.mode == RenderMode::tuned) {
    if (database) {
      architectures =
          tuned_architectures(options, source, space, policy_template, dispatch, *database, measurements, request);
    } else {
      fmt::print(stderr, "policytune: note: no database {}: rendering the library's defaults\n", options.database);
    }
  }
  write_output_file(options.output, render_hub(policy_template, space, architectures, request));
  return 0;
}

}  // namespace

RunCommand setup_generate(CLI::App& app) {
  auto options = std::make_shared<GenerateOptions>();
  add_generate_options(app, *options);
  return [options] { return run_generate(*options); };
}

}  // namespace policytune
