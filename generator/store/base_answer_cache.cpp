#include "store/base_answer_cache.hpp"

#include "core/environment_error.hpp"

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

}  // namespace

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
