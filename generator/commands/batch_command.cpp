// `policytune batch FILE`: several command lines in one process start, for callers that run many
// (a configure with a hundred tune_algorithm() calls), where starting the tool costs more than
// what each command does. Each command runs here, one after the other, as main() would run it
// (its own exit code and output); even a fork per command costs more than a search that finds
// everything stored. Processes a command leaves behind end with the batch, as with any policytune.
// With --show-search-progress a search's standard error (its progress, a line per variant) is
// written to the batch's own as it goes, not kept for its result: a configure that searches for
// minutes must not look hung.
#include <sys/mman.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>

#include "commands/command.hpp"
#include "commands/command_line.hpp"
#include "core/environment_error.hpp"
#include "core/json_document.hpp"
#include "core/user_error.hpp"

namespace policytune {
namespace {

using CommandLine = std::vector<std::string>;

struct BatchResult {
  int exit_code = 0;
  std::string out;
  std::string err;
};

// Whether `argument`, or the value of an `--option=value`, names the file `file` itself.
bool names_file(const std::string& argument, const std::string& file) {
  const auto same = [&](const std::string& path) {
    std::error_code error;  // a path that does not exist is another file
    return !path.empty() && std::filesystem::equivalent(path, file, error);
  };
  const auto value_at = argument.find('=');
  return same(argument) ||
         (argument.starts_with("-") && value_at != std::string::npos && same(argument.substr(value_at + 1)));
}

// The command lines of FILE: a JSON array of arrays of arguments (what follows `policytune`). A
// line that names FILE itself is refused: no command reads a batch, and one that writes it (-o,
// --db) would destroy the batch it runs in.
std::vector<CommandLine> read_batch(const std::string& file) {
  const nlohmann::json document = read_json_file(file);
  if (!document.is_array()) throw UserError(file, 0, "a batch is a JSON array of command lines");
  std::vector<CommandLine> commands;
  for (const auto& line : document) {
    const auto shown = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (!line.is_array() || line.empty())
      throw UserError(file, 0, "not a command line (an array of arguments): " + shown);
    CommandLine arguments;
    for (const auto& argument : line) {
      if (!argument.is_string()) throw UserError(file, 0, "an argument that is not a string in " + shown);
      arguments.push_back(argument.get<std::string>());
    }
    if (arguments.front() == "batch") throw UserError(file, 0, "a batch cannot run a batch: " + shown);
    for (const auto& argument : arguments) {
      if (names_file(argument, file)) {
        throw UserError(file, 0,
                        "a command line names the batch file itself, which it would read or overwrite: " + shown);
      }
    }
    commands.push_back(std::move(arguments));
  }
  return commands;
}

std::string contents_of(std::FILE* file) {
  std::string text;
  std::rewind(file);
  char buffer[65536];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;) text.append(buffer, n);
  return text;
}

// A JSON line without the characters that split (';') or group ('[', ']') a CMake list: they only
// occur inside its strings, where their \u escapes mean the same. CMake then reads the output as a
// list of lines and parses each alone, instead of parsing the whole output once per field.
std::string list_safe(const std::string& json) {
  std::string safe;
  for (const char c : json) {
    if (c == ';')
      safe += "\\u003b";
    else if (c == '[')
      safe += "\\u005b";
    else if (c == ']')
      safe += "\\u005d";
    else
      safe += c;
  }
  return safe;
}

// A file in memory for a command's output: creating files on disk costs more than most commands.
std::FILE* memory_file() {
  const int descriptor = ::memfd_create("policytune-batch", 0);
  if (descriptor < 0) return std::tmpfile();
  std::FILE* file = ::fdopen(descriptor, "w+");
  if (file == nullptr) ::close(descriptor);
  return file;
}

// Points the standard output or error (`target`) at `file` until destroyed.
class Redirection {
public:
  Redirection(int target, std::FILE* file) : target_(target), saved_(::dup(target)) {
    if (saved_ < 0 || ::dup2(::fileno(file), target) < 0) {
      throw EnvironmentError("batch", std::string("cannot capture a command's output: ") + std::strerror(errno));
    }
  }
  ~Redirection() {
    ::dup2(saved_, target_);
    ::close(saved_);
  }
  Redirection(const Redirection&) = delete;
  Redirection& operator=(const Redirection&) = delete;

private:
  int target_;
  int saved_;
};

// Whether a command's standard error is shown as it is written rather than captured: a search's,
// with --show-search-progress.
bool shows_stderr(const CommandLine& arguments, bool show_search_progress) {
  return show_search_progress && arguments.front() == "search";
}

// Runs one command line here, as main() would, its output captured (its standard error only where
// `capture_stderr`).
BatchResult run_here(const CommandLine& arguments, bool capture_stderr) {
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(memory_file(), &std::fclose);
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> err(memory_file(), &std::fclose);
  if (!out || !err)
    throw EnvironmentError("batch", std::string("cannot create a temporary file: ") + std::strerror(errno));
  std::vector<std::string> storage{"policytune"};
  storage.insert(storage.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (auto& argument : storage) argv.push_back(argument.data());
  argv.push_back(nullptr);
  BatchResult result;
  std::fflush(stdout);
  std::fflush(stderr);
  {
    const Redirection out_redirected(STDOUT_FILENO, out.get());
    std::optional<Redirection> err_redirected;
    if (capture_stderr) err_redirected.emplace(STDERR_FILENO, err.get());
    result.exit_code = run_command_line(static_cast<int>(storage.size()), argv.data());
    std::fflush(stdout);
    std::fflush(stderr);
  }
  result.out = contents_of(out.get());
  result.err = contents_of(err.get());
  return result;
}

}  // namespace

RunCommand setup_batch(CLI::App& app) {
  auto file = std::make_shared<std::string>();
  app.add_option("file", *file, "JSON array of command lines, each an array of the arguments after `policytune`")
      ->required();
  auto show_search_progress = std::make_shared<bool>(false);
  app.add_flag(
      "--show-search-progress", *show_search_progress,
      "a search's standard error (its progress) goes to the batch's own as it is written, not into its result");
  return [file, show_search_progress] {
    for (const auto& command : read_batch(*file)) {
      const BatchResult result = run_here(command, !shows_stderr(command, *show_search_progress));
      const nlohmann::json line{{"exit_code", result.exit_code}, {"stdout", result.out}, {"stderr", result.err}};
      fmt::print("{}\n", list_safe(line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
      std::fflush(stdout);
      if (result.exit_code != 0) break;  // what follows may rely on it, as in a script run with `set -e`
    }
    return 0;
  };
}

}  // namespace policytune
