#include "base_answer_cache.hpp"

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>

#include "device_probe.hpp"
#include "environment_error.hpp"
#include "version.hpp"

namespace policytune {
namespace {

constexpr const char* kTable = R"sql(
CREATE TABLE IF NOT EXISTS base_answers (
  benchmark TEXT NOT NULL,
  source_hash TEXT NOT NULL,
  build TEXT NOT NULL,
  device_fingerprint TEXT NOT NULL,
  listing TEXT NOT NULL,
  device TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  PRIMARY KEY (benchmark, source_hash, build, device_fingerprint)
)
)sql";

// "<resolved file> <size> <mtime ns>" of the program a command starts with.
std::optional<std::string> program_identity(const std::string& program) {
  const auto found = program_on_path(program);
  if (!found) return std::nullopt;
  std::error_code error;
  const auto resolved = std::filesystem::canonical(*found, error);
  struct stat status {};
  if (error || ::stat(resolved.c_str(), &status) != 0) return std::nullopt;
  return fmt::format("{} {} {}.{:09}", resolved.string(), status.st_size, status.st_mtim.tv_sec, status.st_mtim.tv_nsec);
}

// "<file> <size> <mtime ns>", or nothing where `path` is not a file.
std::string file_identity(const std::filesystem::path& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode)) return "";
  return fmt::format("{} {} {}.{:09}\n", path.string(), status.st_size, status.st_mtim.tv_sec, status.st_mtim.tv_nsec);
}

// The CCCL release base compiles against is in the answer (`library`): a checkout updated in place
// leaves the command as it was, so the key holds the version header of every folder on the include
// path (-I, -isystem, CPATH, CPLUS_INCLUDE_PATH, and the toolkit's own beside a resolved nvcc).
std::string library_identity(const std::vector<std::string>& command, const std::string& compiler) {
  std::vector<std::filesystem::path> folders;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const std::string& argument = command[i];
    for (const std::string flag : {"-I", "-isystem"}) {
      if (argument == flag && i + 1 < command.size()) folders.emplace_back(command[i + 1]);
      else if (argument.rfind(flag, 0) == 0 && argument.size() > flag.size()) folders.emplace_back(argument.substr(flag.size()));
    }
  }
  for (const char* variable : {"CPATH", "CPLUS_INCLUDE_PATH"}) {
    const char* value = std::getenv(variable);
    for (std::string rest = value != nullptr ? value : ""; !rest.empty();) {
      const auto colon = rest.find(':');
      folders.emplace_back(rest.substr(0, colon));
      rest = colon == std::string::npos ? "" : rest.substr(colon + 1);
    }
  }
  const std::filesystem::path toolkit = std::filesystem::path(compiler).parent_path().parent_path() / "include";
  folders.insert(folders.end(), {toolkit, toolkit / "cccl"});
  std::string identity;
  for (const auto& folder : folders) identity += file_identity(folder / "cub" / "version.cuh");
  return identity;
}

}  // namespace

std::optional<std::string> base_build_key(const CompilerOptions& compiler, const std::string& source) {
  CompilerOptions without_launcher = compiler;
  without_launcher.launcher.clear();
  const auto command = compile_command(without_launcher, source, "base", {{"TUNE_BASE", "1"}});
  const auto identity = program_identity(command.front());
  if (!identity) return std::nullopt;
  std::string key = fmt::format("policytune {}\ncompiler {}\n", kVersion, *identity);
  for (const auto& argument : command) key += argument + '\n';
  key += library_identity(command, identity->substr(0, identity->find(' ')));
  return key;
}

template <typename Action>
auto BaseAnswerCache::guarded(Action&& action) -> decltype(action()) {
  try {
    return action();
  } catch (const SqliteError& error) {
    // The results database opened this file for writing a moment ago: what fails now is the machine.
    throw EnvironmentError(path_, std::string("database error: ") + error.what());
  }
}

std::vector<StoredBaseAnswer> read_base_answers(const std::string& database_path) {
  try {
    SqliteConnection connection(database_path, SqliteAccess::read_only);
    auto table = connection.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'base_answers'");
    if (!table.step()) return {};
    auto select = connection.prepare(
        "SELECT benchmark, source_hash, build, device_fingerprint, listing, device, recorded_at FROM base_answers");
    std::vector<StoredBaseAnswer> answers;
    while (select.step()) {
      answers.push_back({{select.text(0), select.text(1), select.text(2), select.text(3)},
                         {select.text(4), select.text(5)},
                         select.text(6)});
    }
    return answers;
  } catch (const SqliteError& error) {
    throw EnvironmentError(database_path, std::string("database error: ") + error.what());
  }
}

BaseAnswerCache::BaseAnswerCache(std::string database_path) : path_(std::move(database_path)) {
  guarded([&] {
    connection_ = std::make_unique<SqliteConnection>(path_, SqliteAccess::read_write);
    connection_->execute("PRAGMA busy_timeout = 60000");
    connection_->execute(kTable);
  });
}

BaseAnswerCache::~BaseAnswerCache() = default;

std::optional<BaseAnswer> BaseAnswerCache::recall(const BaseAnswerKey& key) {
  return guarded([&]() -> std::optional<BaseAnswer> {
    auto select = connection_->prepare(
        "SELECT listing, device FROM base_answers WHERE benchmark = ?1 AND source_hash = ?2 AND build = ?3 "
        "AND device_fingerprint = ?4");
    select.bind(1, key.benchmark).bind(2, key.source_hash).bind(3, key.build).bind(4, key.device_fingerprint);
    if (!select.step()) return std::nullopt;
    BaseAnswer answer{select.text(0), select.text(1)};
    select.reset();
    return answer;
  });
}

void BaseAnswerCache::remember(const BaseAnswerKey& key, const BaseAnswer& answer) {
  guarded([&] {
    auto upsert = connection_->prepare(
        "INSERT INTO base_answers (benchmark, source_hash, build, device_fingerprint, listing, device, recorded_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) "
        "ON CONFLICT (benchmark, source_hash, build, device_fingerprint) "
        "DO UPDATE SET listing = excluded.listing, device = excluded.device, recorded_at = excluded.recorded_at");
    upsert.bind(1, key.benchmark).bind(2, key.source_hash).bind(3, key.build).bind(4, key.device_fingerprint);
    upsert.bind(5, answer.listing).bind(6, answer.device).run();
  });
}

bool BaseAnswerCache::keep_newer(const StoredBaseAnswer& stored) {
  return guarded([&] {
    auto upsert = connection_->prepare(
        "INSERT INTO base_answers (benchmark, source_hash, build, device_fingerprint, listing, device, recorded_at) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) "
        "ON CONFLICT (benchmark, source_hash, build, device_fingerprint) "
        "DO UPDATE SET listing = excluded.listing, device = excluded.device, recorded_at = excluded.recorded_at "
        "WHERE excluded.recorded_at > base_answers.recorded_at");
    const auto& key = stored.key;
    upsert.bind(1, key.benchmark).bind(2, key.source_hash).bind(3, key.build).bind(4, key.device_fingerprint);
    upsert.bind(5, stored.answer.listing).bind(6, stored.answer.device).bind(7, stored.recorded_at).run();
    return connection_->changes() > 0;
  });
}

}  // namespace policytune
