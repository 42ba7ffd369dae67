// `policytune batch FILE`: several command lines in one process start, for callers that run many
// (a configure with a hundred tune_algorithm() calls), where starting the tool costs more than
// what each command does. Each command runs in a fork of this process, so that it sees a fresh
// tool (its own exit code, output, interrupt handling and child processes) without the cost of
// loading the executable again.
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "../environment_error.hpp"
#include "../text_input.hpp"
#include "../user_error.hpp"
#include "command.hpp"
#include "command_line.hpp"

namespace policytune {
namespace {

using CommandLine = std::vector<std::string>;

struct BatchResult {
  int exit_code = 0;
  std::string out;
  std::string err;
};

// The command lines of FILE: a JSON array of arrays of arguments (what follows `policytune`).
std::vector<CommandLine> read_batch(const std::string& file) {
  nlohmann::json document;
  try {
    document = nlohmann::json::parse(read_text_file(file));
  } catch (const nlohmann::json::parse_error& error) {
    throw UserError(file, 0, std::string("not valid JSON: ") + error.what());
  }
  if (!document.is_array()) throw UserError(file, 0, "a batch is a JSON array of command lines");
  std::vector<CommandLine> commands;
  for (const auto& line : document) {
    const auto shown = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (!line.is_array() || line.empty()) throw UserError(file, 0, "not a command line (an array of arguments): " + shown);
    CommandLine arguments;
    for (const auto& argument : line) {
      if (!argument.is_string()) throw UserError(file, 0, "an argument that is not a string in " + shown);
      arguments.push_back(argument.get<std::string>());
    }
    if (arguments.front() == "batch") throw UserError(file, 0, "a batch cannot run a batch: " + shown);
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

// The child's side: the command line as main() runs it, its output into `out` and `err`.
[[noreturn]] void run_as_child(const CommandLine& arguments, std::FILE* out, std::FILE* err) {
  int code = kInternalErrorExit;
  // Processes the command starts and leaves behind are adopted by the batch (a subreaper, as
  // every policytune) and ended when it ends: a command that starts none costs no scan of /proc.
  if (::dup2(::fileno(out), STDOUT_FILENO) >= 0 && ::dup2(::fileno(err), STDERR_FILENO) >= 0) {
    std::vector<std::string> storage{"policytune"};
    storage.insert(storage.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (auto& argument : storage) argv.push_back(argument.data());
    argv.push_back(nullptr);
    try {
      code = run_command_line(static_cast<int>(storage.size()), argv.data());
    } catch (...) {
      code = kInternalErrorExit;
    }
    std::fflush(stdout);
    std::fflush(stderr);
  }
  ::_exit(code);
}

// A JSON line without the characters that split (';') or group ('[', ']') a CMake list: they only
// occur inside its strings, where their \u escapes mean the same. CMake then reads the output as a
// list of lines and parses each alone, instead of parsing the whole output once per field.
std::string list_safe(const std::string& json) {
  std::string safe;
  for (const char c : json) {
    if (c == ';') safe += "\\u003b";
    else if (c == '[') safe += "\\u005b";
    else if (c == ']') safe += "\\u005d";
    else safe += c;
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

BatchResult run_forked(const CommandLine& arguments) {
  std::fflush(stdout);
  std::fflush(stderr);
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(memory_file(), &std::fclose);
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> err(memory_file(), &std::fclose);
  if (!out || !err) throw EnvironmentError("batch", std::string("cannot create a temporary file: ") + std::strerror(errno));
  const pid_t child = ::fork();
  if (child < 0) throw EnvironmentError("batch", std::string("cannot fork: ") + std::strerror(errno));
  if (child == 0) run_as_child(arguments, out.get(), err.get());
  int status = 0;
  while (::waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) throw EnvironmentError("batch", std::string("cannot wait for a command: ") + std::strerror(errno));
  }
  BatchResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.out = contents_of(out.get());
  result.err = contents_of(err.get());
  return result;
}

}  // namespace

RunCommand setup_batch(CLI::App& app) {
  auto file = std::make_shared<std::string>();
  app.add_option("file", *file, "JSON array of command lines, each an array of the arguments after `policytune`")
      ->required();
  return [file] {
    for (const auto& command : read_batch(*file)) {
      const BatchResult result = run_forked(command);
      const nlohmann::json line{{"exit_code", result.exit_code}, {"stdout", result.out}, {"stderr", result.err}};
      fmt::print("{}\n", list_safe(line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)));
      std::fflush(stdout);
      if (result.exit_code != 0) break;  // what follows may rely on it, as in a script run with `set -e`
    }
    return 0;
  };
}

}  // namespace policytune
