// The harness's command line (bench/policytune/bench/option_parser.hpp): what each option sets,
// and the usage errors a bad command line gets (main() reports them with exit code 2).
#include <policytune/bench/option_parser.hpp>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "run/run_options.hpp"

#include <initializer_list>
#include <string>
#include <vector>

namespace {

namespace harness_cli = policytune::bench::detail;

// argv for `benchmark <arguments>`: parse_command_line takes char**, as main() does.
harness_cli::options parse_harness_command_line(std::initializer_list<const char*> arguments) {
  std::vector<std::string> storage{"benchmark"};
  storage.insert(storage.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (std::string& argument : storage) argv.push_back(argument.data());
  argv.push_back(nullptr);
  return harness_cli::parse_command_line(static_cast<int>(storage.size()), argv.data());
}

std::string harness_usage_error(std::initializer_list<const char*> arguments) {
  try {
    (void)parse_harness_command_line(arguments);
  } catch (const harness_cli::usage_error& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("option_parser: no arguments run everything with the default stopping rule", "[harness][option_parser]") {
  const auto opt = parse_harness_command_line({});
  CHECK_FALSE(opt.list);
  CHECK_FALSE(opt.device);
  CHECK_FALSE(opt.help);
  CHECK(opt.variant.empty());
  CHECK(opt.filters.empty());
  CHECK(opt.settings.min_samples == 10);
  CHECK(opt.settings.max_noise == 0.02);  // 2 %
  CHECK(opt.settings.max_time == 0.25);
  CHECK_FALSE(opt.min_samples_given);
  CHECK_FALSE(opt.max_noise_given);
  CHECK_FALSE(opt.max_time_given);
}

TEST_CASE("option_parser: the modes and the variant", "[harness][option_parser]") {
  CHECK(parse_harness_command_line({"--list"}).list);
  CHECK(parse_harness_command_line({"--device"}).device);
  CHECK(parse_harness_command_line({"--help"}).help);
  CHECK(parse_harness_command_line({"-h"}).help);
  CHECK(parse_harness_command_line({"--variant", "ipt_7.tpb_128"}).variant == "ipt_7.tpb_128");
  CHECK(parse_harness_command_line({"--variant=ipt_7.tpb_128"}).variant == "ipt_7.tpb_128");
}

TEST_CASE("option_parser: the stopping rule, as --name value and --name=value", "[harness][option_parser]") {
  const auto opt = parse_harness_command_line({"--min-samples", "3", "--max-noise=0.5", "--max-time", "2.25"});
  CHECK(opt.settings.min_samples == 3);
  CHECK(opt.settings.max_noise == 0.005);  // NVBench's unit: 0.5 is 0.5 %
  CHECK(opt.settings.max_time == 2.25);
  CHECK(opt.min_samples_given);
  CHECK(opt.max_noise_given);
  CHECK(opt.max_time_given);
  CHECK(parse_harness_command_line({"--min-samples=0"}).settings.min_samples == 0);
  CHECK(parse_harness_command_line({"--max-noise", "2"}).settings.max_noise == 0.02);  // what policytune passes
  CHECK(parse_harness_command_line({"--stopping-criterion", "stdrel"}).settings.max_noise == 0.02);
}

TEST_CASE("option_parser: a benchmark run by hand samples as policytune runs it", "[harness][option_parser]") {
  // The options a search or a check passes with its defaults (run/benchmark_session.cpp writes them
  // so), and none at all, give the same stopping rule: both come from one table.
  const policytune::SamplingSettings tool;
  const std::string min_samples = std::to_string(tool.min_samples);
  const std::string max_noise = fmt::format("{}", tool.max_noise_percent);
  const std::string max_time = fmt::format("{}", tool.max_time);
  const auto by_tool = parse_harness_command_line(
      {"--min-samples", min_samples.c_str(), "--max-noise", max_noise.c_str(), "--max-time", max_time.c_str()});
  const auto by_hand = parse_harness_command_line({});
  CHECK(by_hand.settings.min_samples == by_tool.settings.min_samples);
  CHECK(by_hand.settings.max_noise == by_tool.settings.max_noise);
  CHECK(by_hand.settings.max_time == by_tool.settings.max_time);
  // And the usage text names those defaults.
  const std::string usage = policytune::bench::detail::usage_text();
  CHECK(usage.find("(default " + min_samples + ")") != std::string::npos);
  CHECK(usage.find("(default " + max_noise + ";") != std::string::npos);
  CHECK(usage.find("(default " + max_time + ")") != std::string::npos);
}

TEST_CASE("option_parser: NVBench's other stopping criteria are refused, naming the one there is",
          "[harness][option_parser]") {
  CHECK(harness_usage_error({"--stopping-criterion", "entropy"}) ==
        "--stopping-criterion 'entropy': this harness has NVBench's 'stdrel' criterion only (the relative noise of "
        "the median, --max-noise)");
  CHECK(harness_usage_error({"--stopping-criterion=sample-count"}).starts_with("--stopping-criterion 'sample-count'"));
  CHECK(harness_usage_error({"--stopping-criterion"}) == "option --stopping-criterion needs a value");
}

TEST_CASE("option_parser: --axis specs: values, lists, [pow2], blanks, and the last spec of an axis wins",
          "[harness][option_parser]") {
  const auto opt = parse_harness_command_line({"--axis", "T{ct}=F32", "-a", " Elements{io} [pow2] = [ 16 , 20:28:4 ,] ",
                                               "--axis=Ratio=0.5", "-a", "T{ct}=[I32,I64]"});
  REQUIRE(opt.filters.size() == 3);
  CHECK(opt.filters[0].name == "T{ct}");
  CHECK_FALSE(opt.filters[0].pow2);
  CHECK(opt.filters[0].values == std::vector<std::string>{"I32", "I64"});
  CHECK(opt.filters[1].name == "Elements{io}");
  CHECK(opt.filters[1].pow2);
  CHECK(opt.filters[1].values == std::vector<std::string>{"16", "20:28:4"});
  CHECK(opt.filters[2].name == "Ratio");
  CHECK(opt.filters[2].values == std::vector<std::string>{"0.5"});
}

TEST_CASE("option_parser: bad command lines are usage errors that say what is wrong", "[harness][option_parser]") {
  CHECK(harness_usage_error({"--bogus"}) == "unknown option '--bogus'");
  CHECK(harness_usage_error({"extra"}) == "unknown option 'extra'");
  CHECK(harness_usage_error({"--list", "--device"}) == "--list and --device exclude each other");
  CHECK(harness_usage_error({"--list=yes"}) == "option --list takes no value");
  CHECK(harness_usage_error({"--axis"}) == "option --axis needs a value");
  CHECK(harness_usage_error({"-a"}) == "option -a needs a value");
  CHECK(harness_usage_error({"--variant"}) == "option --variant needs a value");
  CHECK(harness_usage_error({"--axis", "T{ct}"}) == "--axis 'T{ct}': expected Name=value or Name=[v1,v2]");
  CHECK(harness_usage_error({"--axis", " =3"}) == "--axis ' =3': the axis name is empty");
  CHECK(harness_usage_error({"--axis", "[pow2]=3"}) == "--axis '[pow2]=3': the axis name is empty");
  CHECK(harness_usage_error({"--min-samples", "-1"}) == "--min-samples '-1': expected a count >= 0");
  CHECK(harness_usage_error({"--min-samples", "ten"}) == "--min-samples 'ten': expected a count >= 0");
  CHECK(harness_usage_error({"--min-samples="}) == "--min-samples '': expected a count >= 0");
  CHECK(harness_usage_error({"--max-noise", "-0.1"}) == "--max-noise '-0.1': expected a percentage >= 0");
  CHECK(harness_usage_error({"--max-time", "nan"}) == "--max-time 'nan': expected seconds >= 0");
  CHECK(harness_usage_error({"--max-time", "1s"}) == "--max-time '1s': expected seconds >= 0");
}
