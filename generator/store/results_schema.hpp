#pragma once

#include <string>

#include "store/sqlite.hpp"

namespace policytune {

// The layout of a results database (store/results_database.hpp reads and writes it): its tables,
// their keys, the version, and what a file must hold to be one.

inline constexpr int kResultsSchemaVersion = 1;

// `sql` with its {key} replaced by the measurement key's columns (measurement_key.hpp): the unique
// key of the measurements table, which the upserts name too.
std::string with_measurement_key(std::string sql);

// Creates every table and the version row in a file without tables.
void create_results_schema(SqliteConnection& connection);

// Whether `connection`'s file holds a results database of this version's layout: false when it
// holds no tables at all (a new file); throws UserError naming `path` for anything else: an SQLite
// file of other tables, another schema version, or a table, column or key missing.
bool check_results_schema(SqliteConnection& connection, const std::string& path);

// Adds what was added within version 1 (search_spaces.runtime_axes, measurements.confirmed_rounds)
// to a file that predates it, empty: the policytune that wrote it still reads it (it names its columns).
void upgrade_results_schema(SqliteConnection& connection);

// Whether `table` has `column`: a file opened read-only may predate one, and is read without it.
bool has_column(SqliteConnection& connection, const std::string& table, const std::string& column);

}  // namespace policytune
