#include "run/cached_compile.hpp"

#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>

#include "core/environment_error.hpp"
#include "core/text_input.hpp"
#include "core/version.hpp"
#include "run/base_build_key.hpp"
#include "run/build_cache.hpp"
#include "run/dependency_file.hpp"

namespace policytune {
namespace {

namespace fs = std::filesystem;

// What the compilers read besides their command line.
constexpr const char* kCompilerEnvironment[] = {
    "CPATH", "CPLUS_INCLUDE_PATH", "C_INCLUDE_PATH", "NVCC_PREPEND_FLAGS", "NVCC_APPEND_FLAGS", "NVCC_CCBIN"};

// The build as `compiler` runs it, timed.
CompileOutcome compiled(const CompilerOptions& compiler, const CompileJob& job, std::chrono::duration<double> timeout) {
  CompileOutcome outcome;
  outcome.result = run_process(compile_command(compiler, job.source, job.output, job.defines), timeout);
  outcome.build_time = outcome.result.elapsed;
  return outcome;
}

}  // namespace

std::optional<std::string> build_cache_key(const CompilerOptions& compiler, const CompileJob& job,
                                           const std::string& source_text) {
  CompilerOptions plain = compiler;
  plain.launcher.clear();  // ccache or distcc build the same binary
  const auto command =
      compile_command(plain, job.generated_source ? "<generated>" : job.source, "<output>", job.defines);
  const auto identity = program_identity(command.front());
  if (!identity) return std::nullopt;
  std::string key = fmt::format("policytune {}\ncompiler {}\n", kVersion, *identity);
  if (is_cuda_source(job.source)) {
    // nvcc's host compiler: g++ on PATH unless NVCC_CCBIN names another.
    const char* host = std::getenv("NVCC_CCBIN");
    key += fmt::format("host compiler {}\n", program_identity(host != nullptr ? host : "g++").value_or("none"));
  }
  for (const auto& argument : command) key += argument + '\n';
  for (const char* variable : kCompilerEnvironment) {
    if (const char* value = std::getenv(variable)) key += fmt::format("{}={}\n", variable, value);
  }
  key += fmt::format("source {} {}\n", source_text.size(), content_hash(source_text));
  return key;
}

CompileOutcome cached_compile(const CompilerOptions& compiler, const CompileJob& job,
                              std::chrono::duration<double> timeout) {
  if (compiler.build_cache.empty()) return compiled(compiler, job, timeout);
  // The folder was checked when the session began (BenchmarkSession); gone since, it serves nothing.
  std::optional<BuildCache> cache;
  try {
    cache.emplace(compiler.build_cache, compiler.build_cache_size);
  } catch (const EnvironmentError&) {
    return compiled(compiler, job, timeout);
  }
  const auto key = build_cache_key(compiler, job, read_text_file(job.source));
  if (key) {
    if (const auto recorded = cache->fetch(*key, job.output)) {
      CompileOutcome served;
      served.result.exit_code = 0;
      served.from_cache = true;
      served.build_time = *recorded;
      return served;
    }
  }
  // The list of what the compile reads comes with the compile (GCC, Clang and nvcc take -MD -MF).
  const std::string dependency_list = job.output + ".d";
  CompilerOptions listing = compiler;
  listing.extra_flags.insert(listing.extra_flags.end(), {"-MD", "-MF", dependency_list});
  CompileOutcome outcome = compiled(listing, job, timeout);
  std::error_code error;
  if (key && outcome.result.succeeded() && fs::exists(dependency_list, error)) {
    auto reads = dependency_file_prerequisites(read_text_file(dependency_list));
    // The source is in the key by its text; a generated one is gone once built.
    std::erase_if(reads, [&](const std::string& path) { return fs::equivalent(path, job.source, error); });
    cache->store(*key, job.output, reads, outcome.build_time);
  }
  fs::remove(dependency_list, error);
  return outcome;
}

}  // namespace policytune
