#include "core/output_file.hpp"

#include <catch2/catch.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "core/environment_error.hpp"
#include "core/text_input.hpp"
#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;
namespace fs = std::filesystem;

namespace {

// The names in `folder`, to show that no temporary file is left behind.
std::vector<std::string> names_in(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

TEST_CASE("an output file is written, with its missing folders, and replaced only when its bytes change",
          "[output_file]") {
  const testing::TemporaryDirectory directory("output");
  const std::string path = directory.file("include/hub.hpp");
  write_output_file(path, "one\n");
  CHECK(read_text_file(path) == "one\n");
  // An old time, so that an unchanged write cannot keep the time by luck of the clock's resolution.
  const auto old_time = fs::last_write_time(path) - std::chrono::hours(1);
  fs::last_write_time(path, old_time);
  write_output_file(path, "one\n");
  CHECK(fs::last_write_time(path) == old_time);
  write_output_file(path, "two\n");
  CHECK(read_text_file(path) == "two\n");
  CHECK(fs::last_write_time(path) != old_time);
  CHECK(names_in(directory.path() / "include") == std::vector<std::string>{"hub.hpp"});
}

TEST_CASE("a replaced output file keeps its permissions", "[output_file]") {
  const testing::TemporaryDirectory directory("output");
  const std::string path = directory.write("hub.hpp", "old\n");
  fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  write_output_file(path, "new\n");
  CHECK(fs::status(path).permissions() == (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
}

TEST_CASE("a symbolic link is written through: its target changes, the link stays a link", "[output_file]") {
  const testing::TemporaryDirectory directory("output");
  fs::create_directories(directory.path() / "real");
  const std::string target = directory.write("real/hub.hpp", "old\n");
  const std::string link = directory.file("hub.hpp");
  fs::create_symlink("real/hub.hpp", link);  // relative: to the link's folder
  write_output_file(link, "new\n");
  CHECK(fs::is_symlink(link));
  CHECK(fs::read_symlink(link) == "real/hub.hpp");
  CHECK(read_text_file(target) == "new\n");
  CHECK(names_in(directory.path() / "real") == std::vector<std::string>{"hub.hpp"});
  // A link to a file that does not exist yet creates the file.
  const std::string dangling = directory.file("later.hpp");
  fs::create_symlink(directory.file("real/later.hpp"), dangling);
  write_output_file(dangling, "later\n");
  CHECK(fs::is_symlink(dangling));
  CHECK(read_text_file(directory.file("real/later.hpp")) == "later\n");
}

TEST_CASE("a FIFO is refused without being opened: nothing blocks", "[output_file]") {
  const testing::TemporaryDirectory directory("output");
  const std::string fifo = directory.file("pipe");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // Were it opened for writing, this would wait for a reader forever.
  CHECK_THROWS_MATCHES(write_output_file(fifo, "text\n"), UserError,
                       Catch::Matchers::Message(fifo + ": is a FIFO (named pipe), not a regular file: give a file to "
                                                       "write, or - for standard output"));
  // Through a link as well; the FIFO stays a FIFO.
  const std::string link = directory.file("link");
  fs::create_symlink(fifo, link);
  CHECK_THROWS_AS(write_output_file(link, "text\n"), UserError);
  CHECK(fs::is_fifo(fifo));
  // The error is one line, whatever the name holds.
  const std::string odd = directory.file("pipe\n#2");
  REQUIRE(::mkfifo(odd.c_str(), 0600) == 0);
  CHECK_THROWS_WITH(write_output_file(odd, "text\n"), Catch::StartsWith(directory.file("pipe\\n#2") + ": is a FIFO"));
}

TEST_CASE("a directory or a device is refused, not replaced", "[output_file]") {
  const testing::TemporaryDirectory directory("output");
  CHECK_THROWS_WITH(write_output_file(directory.path().string(), "text\n"),
                    Catch::Contains("is a directory, not a regular file"));
  CHECK(fs::is_directory(directory.path()));
  CHECK_THROWS_WITH(write_output_file("/dev/null", "text\n"), Catch::Contains("/dev/null: is a character device"));
  CHECK(fs::is_character_file("/dev/null"));
}

TEST_CASE("a path that cannot be written is one error naming it", "[output_file]") {
  const testing::TemporaryDirectory directory("output");
  // A parent that is a file: the path is wrong.
  const std::string file = directory.write("file", "");
  CHECK_THROWS_MATCHES(write_output_file(file + "/hub.hpp", "text\n"), UserError,
                       Catch::Matchers::Message(file + "/hub.hpp: cannot inspect: Not a directory"));
  // A folder the user may not write to: the machine refuses. Root may write anywhere.
  fs::create_directories(directory.path() / "locked");
  fs::permissions(directory.path() / "locked", fs::perms::owner_read | fs::perms::owner_exec);
  if (::geteuid() != 0) {
    const std::string locked = directory.file("locked/hub.hpp");
    CHECK_THROWS_MATCHES(write_output_file(locked, "text\n"), EnvironmentError,
                         Catch::Matchers::Message(locked + ": cannot create a file in " + directory.file("locked") +
                                                  ": Permission denied"));
    const std::string nested = directory.file("locked/deeper/hub.hpp");
    CHECK_THROWS_WITH(write_output_file(nested, "text\n"),
                      Catch::StartsWith(nested + ": cannot create its folder " + directory.file("locked/deeper")));
  }
  fs::permissions(directory.path() / "locked", fs::perms::owner_all);
}
