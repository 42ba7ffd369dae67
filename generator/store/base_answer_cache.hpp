#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "store/sqlite.hpp"

namespace policytune {

// What base said when it was asked, as it said it: its `--list` (entries, axes, workloads) and
// `--device` documents.
struct BaseAnswer {
  std::string listing;
  std::string device;

  bool operator==(const BaseAnswer&) const = default;
};

// When a stored answer may stand in for asking base: the same source, built by the same command
// with the same compiler, on the same device (device_probe.hpp).
struct BaseAnswerKey {
  std::string benchmark;
  std::string source_hash;
  std::string build;               // base_build_key() (run/base_build_key.hpp)
  std::string device_fingerprint;  // device_fingerprint()
};

// A stored answer, its key and when base gave it: what `policytune merge` carries between databases.
struct StoredBaseAnswer {
  BaseAnswerKey key;
  BaseAnswer answer;
  std::string recorded_at;
};

// Every answer a results database holds, none where it has no such table. Opens the file read-only.
std::vector<StoredBaseAnswer> read_base_answers(const std::string& database_path);

// Base's answers, kept in the results database (table `base_answers`, added beside the schema's
// tables when missing; tools that do not know it ignore it), so that a search in a fresh build
// folder knows the workloads and the device without building base, and builds base only when
// something must be measured. Opens its own connection to a database the caller has opened for
// writing (ResultsDatabase::Mode::create_if_missing).
class BaseAnswerCache {
public:
  explicit BaseAnswerCache(std::string database_path);
  ~BaseAnswerCache();
  BaseAnswerCache(const BaseAnswerCache&) = delete;
  BaseAnswerCache& operator=(const BaseAnswerCache&) = delete;

  std::optional<BaseAnswer> recall(const BaseAnswerKey& key);
  void remember(const BaseAnswerKey& key, const BaseAnswer& answer);  // replaces the key's answer
  // Keeps `stored` unless this database holds an answer for its key given as late or later; true if kept.
  bool keep_newer(const StoredBaseAnswer& stored);

private:
  template <typename Action>
  auto guarded(Action&& action) -> decltype(action());

  std::string path_;
  std::unique_ptr<SqliteConnection> connection_;
};

}  // namespace policytune
