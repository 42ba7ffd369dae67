#include "store/sqlite.hpp"

#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

namespace {

// A fresh database with one table of a text, an integer and a nullable real.
void create_sqlite_test_table(SqliteConnection& connection) {
  connection.execute("CREATE TABLE t (name TEXT NOT NULL, n INTEGER, x REAL)");
}

}  // namespace

TEST_CASE("bound parameters are stored as given, quotes and SQL included, and read back", "[sqlite]") {
  testing::TemporaryDirectory directory("sqlite");
  SqliteConnection connection(directory.file("test.db"), SqliteAccess::create);
  create_sqlite_test_table(connection);
  auto insert = connection.prepare("INSERT INTO t (name, n, x) VALUES (?, ?, ?)");
  const std::string hostile = "it's'); DROP TABLE t; --";
  insert.bind(1, hostile).bind(2, std::int64_t{1} << 40).bind(3, std::optional<double>{});
  insert.run();
  CHECK(connection.changes() == 1);
  // The statement is reset when done: the same one inserts again.
  insert.bind(1, std::string("second")).bind(2, std::int64_t{-7}).bind(3, std::optional<double>(0.1));
  insert.run();
  CHECK(connection.last_insert_id() == 2);

  auto select = connection.prepare("SELECT name, n, x FROM t ORDER BY rowid");
  REQUIRE(select.step());
  CHECK(select.text(0) == hostile);
  CHECK(select.integer(1) == std::int64_t{1} << 40);
  CHECK_FALSE(select.optional_real(2).has_value());
  REQUIRE(select.step());
  CHECK(select.text(0) == "second");
  CHECK(select.integer(1) == -7);
  CHECK(select.optional_real(2) == std::optional<double>(0.1));  // bit for bit
  CHECK(select.real(2) == 0.1);
  CHECK_FALSE(select.step());
  // Done means reset: stepping again starts over.
  REQUIRE(select.step());
  CHECK(select.text(0) == hostile);
}

TEST_CASE("a transaction rolls back unless committed", "[sqlite]") {
  testing::TemporaryDirectory directory("sqlite");
  SqliteConnection connection(directory.file("test.db"), SqliteAccess::create);
  create_sqlite_test_table(connection);
  auto count = connection.prepare("SELECT count(*) FROM t");
  {
    SqliteTransaction transaction(connection);
    connection.execute("INSERT INTO t (name) VALUES ('dropped')");
  }
  REQUIRE(count.step());
  CHECK(count.integer(0) == 0);
  count.reset();
  {
    SqliteTransaction transaction(connection);
    connection.execute("INSERT INTO t (name) VALUES ('kept')");
    transaction.commit();
  }
  REQUIRE(count.step());
  CHECK(count.integer(0) == 1);
}

TEST_CASE("SQLite's errors become SqliteError with its code", "[sqlite]") {
  testing::TemporaryDirectory directory("sqlite");
  SqliteConnection connection(directory.file("test.db"), SqliteAccess::create);
  create_sqlite_test_table(connection);
  CHECK_THROWS_AS(connection.prepare("SELEKT nothing"), SqliteError);
  try {
    connection.execute("INSERT INTO t (name) VALUES (NULL)");
    FAIL("no error");
  } catch (const SqliteError& error) {
    CHECK(error.code() == SQLITE_CONSTRAINT);
  }
  try {
    SqliteConnection missing(directory.file("missing.db"), SqliteAccess::read_write);
    FAIL("opened a file that does not exist");
  } catch (const SqliteError& error) {
    CHECK(error.code() == SQLITE_CANTOPEN);
  }
}

TEST_CASE("a read-only connection reads and refuses to write; a write-protected file opens read-only", "[sqlite]") {
  testing::TemporaryDirectory directory("sqlite");
  const std::string path = directory.file("test.db");
  {
    SqliteConnection writer(path, SqliteAccess::create);
    create_sqlite_test_table(writer);
    writer.execute("INSERT INTO t (name) VALUES ('row')");
    CHECK_FALSE(writer.read_only());
  }
  for (const SqliteAccess access : {SqliteAccess::read_only, SqliteAccess::immutable}) {
    SqliteConnection reader(path, access);
    CHECK(reader.read_only());
    auto select = reader.prepare("SELECT name FROM t");
    REQUIRE(select.step());
    CHECK(select.text(0) == "row");
    CHECK_THROWS_AS(reader.execute("INSERT INTO t (name) VALUES ('more')"), SqliteError);
  }
  REQUIRE(::chmod(path.c_str(), 0444) == 0);
  if (::geteuid() != 0) {  // root writes anyway
    SqliteConnection protected_file(path, SqliteAccess::read_write);
    CHECK(protected_file.read_only());
  }
}

TEST_CASE("a statement names its columns and reads blobs, zero bytes included, and NULLs", "[sqlite]") {
  testing::TemporaryDirectory directory("sqlite");
  SqliteConnection connection(directory.file("test.db"), SqliteAccess::create);
  connection.execute("CREATE TABLE b (\"T{ct}\" TEXT, data BLOB)");
  connection.execute("INSERT INTO b VALUES ('I32', x'00ff0041'), (NULL, NULL)");
  auto select = connection.prepare("SELECT * FROM b ORDER BY rowid");
  CHECK(select.column_count() == 2);
  CHECK(select.column_name(0) == "T{ct}");
  CHECK(select.column_name(1) == "data");
  REQUIRE(select.step());
  CHECK(select.blob(1) == std::string("\0\xff\0A", 4));
  CHECK_FALSE(select.is_null(0));
  REQUIRE(select.step());
  CHECK(select.is_null(0));
  CHECK(select.is_null(1));
  CHECK(select.blob(1).empty());
}

TEST_CASE("a database path names a file, whatever SQLite would read into it", "[sqlite]") {
  testing::TemporaryDirectory directory("sqlite");
  // SQLite alone reads these as an in-memory database, a URI naming y.db, a query and a fragment.
  for (const std::string name : {":memory:", "file:y.db", "what?mode=ro", "a#b", "100%25.db", "x//y.db"}) {
    INFO(name);
    const std::string path = directory.file(name);
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    {
      SqliteConnection connection(path, SqliteAccess::create);
      create_sqlite_test_table(connection);
    }
    CHECK(std::filesystem::is_regular_file(std::filesystem::path(path).lexically_normal()));
    SqliteConnection reader(path, SqliteAccess::read_only);
    auto tables = reader.prepare("SELECT count(*) FROM sqlite_master WHERE name = 't'");
    REQUIRE(tables.step());
    CHECK(tables.integer(0) == 1);
  }
  CHECK_FALSE(std::filesystem::exists(directory.file("y.db")));
  CHECK_THROWS_AS(SqliteConnection("", SqliteAccess::create), SqliteError);
}

TEST_CASE("a database path that names a FIFO or a device is refused before SQLite opens it", "[sqlite]") {
  testing::TemporaryDirectory directory("sqlite");
  const std::string fifo = directory.file("results.db");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // Opened, a FIFO without a writer would block this test forever, whatever the access.
  for (const auto access :
       {SqliteAccess::read_only, SqliteAccess::immutable, SqliteAccess::read_write, SqliteAccess::create}) {
    CHECK_THROWS_WITH(SqliteConnection(fifo, access), fifo + ": is a FIFO (named pipe), not a regular file");
  }
  CHECK_THROWS_WITH(SqliteConnection("/dev/zero", SqliteAccess::read_only),
                    "/dev/zero: is a character device, not a regular file");
  CHECK_THROWS_AS(SqliteConnection(directory.path().string(), SqliteAccess::create), UserError);
}

TEST_CASE("a database path through a link and .. means what the kernel says it means", "[sqlite]") {
  testing::TemporaryDirectory directory("sqlite");
  std::filesystem::create_directories(directory.file("real/sub"));
  std::filesystem::create_directory_symlink(directory.file("real/sub"), directory.file("link"));
  { SqliteConnection connection(directory.file("link/../x.db"), SqliteAccess::create); }
  CHECK(std::filesystem::exists(directory.file("real/x.db")));  // link/.. is real/, not the directory
  CHECK_FALSE(std::filesystem::exists(directory.file("x.db")));
}
