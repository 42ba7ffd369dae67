#include "render/generate.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>

#include "core/benchmark_name.hpp"
#include "core/output_among_inputs.hpp"
#include "core/output_file.hpp"
#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "core/workload.hpp"
#include "render/hub_model.hpp"
#include "render/hub_renderer.hpp"
#include "render/policy_template.hpp"
#include "render/release_template.hpp"
#include "render/template_fit.hpp"
#include "select/architecture_fallback.hpp"
#include "select/device_match.hpp"
#include "select/workload_group.hpp"
#include "space/search_space.hpp"
#include "store/results_database.hpp"

namespace policytune {
namespace {

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

// --mode tuned with a database: the winners per architecture. The device's architecture joins
// `request`'s where the winners come from a nearest match.
std::vector<ArchitecturePolicies> tuned_architectures(const GenerateOptions& options, const std::string& source,
                                                      const SearchSpace& space, const PolicyTemplate& policy_template,
                                                      ResultsDatabase& database,
                                                      const std::vector<Measurement>& measurements,
                                                      HubRequest& request) {
  WinnerOptions winner_options{request.benchmark, content_hash(source), options.match, options.device,
                               options.dispatch};
  winner_options.preferred_devices = options.preferred_devices;
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
  if (!options.device.empty())
    match_device(measurements, options.device_architecture, options.database, winner_options);
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
  if (!options.dispatch) return;
  const std::string& axis = options.dispatch->axis;
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

}  // namespace

void run_generate(const GenerateOptions& options) {
  refuse_output_among_inputs("-o", options.output, generate_inputs(options));
  const std::string source = read_text_file(options.benchmark);
  const SearchSpace space = parse_search_space(source, options.benchmark);
  HubRequest request;
  request.benchmark = benchmark_name_from_path(options.benchmark);
  // The results are read once: they may also say which CCCL release the hub is for.
  std::optional<ResultsDatabase> database;
  std::vector<Measurement> measurements;
  const bool tuned = options.mode == RenderMode::tuned;
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
  const PolicyTemplate& policy_template = choose_template(templates, options.format, release);
  check_template_fits(policy_template, space, request.benchmark, options.benchmark);
  check_dispatch_axis(options, source, measurements, request.benchmark);
  request.name_space = options.name_space;
  request.database = options.database;
  request.mode = options.mode;
  request.architectures = options.architectures;
  request.test_variant = parse_test_variant(source, options.benchmark, space);
  request.dispatch_axis = options.dispatch ? options.dispatch->axis : "";
  std::vector<ArchitecturePolicies> architectures;
  if (request.mode == RenderMode::tuned) {
    if (database) {
      architectures = tuned_architectures(options, source, space, policy_template, *database, measurements, request);
    } else {
      fmt::print(stderr, "policytune: note: no database {}: rendering the library's defaults\n", options.database);
    }
  }
  write_output_file(options.output, render_hub(policy_template, space, architectures, request));
}

}  // namespace policytune
