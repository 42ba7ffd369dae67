#include "core/file_kind.hpp"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <string>

#include "core/environment_error.hpp"
#include "core/user_error.hpp"
#include "support/temporary_directory.hpp"

using namespace policytune;

namespace {

// The message of the UserError `action` throws, with the file it names: "<file>: <what>".
template <typename Action>
std::string user_error_of(Action&& action) {
  try {
    action();
  } catch (const UserError& error) {
    return error.file() + ": " + error.message();
  }
  return "no error";
}

std::string make_fifo(const testing::TemporaryDirectory& directory, const std::string& name) {
  const std::string path = directory.file(name);
  REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
  return path;
}

}  // namespace

TEST_CASE("require_regular_file names what a path is instead of a regular file", "[file_kind]") {
  testing::TemporaryDirectory directory("file-kind");
  const std::string file = directory.write("data.json", "[]");
  const std::string fifo = make_fifo(directory, "input.fifo");
  CHECK_NOTHROW(require_regular_file(file));
  CHECK(user_error_of([&] { require_regular_file(fifo); }) == fifo + ": is a FIFO (named pipe), not a regular file");
  CHECK(user_error_of([&] { require_regular_file("/dev/null"); }) ==
        "/dev/null: is a character device, not a regular file");
  CHECK(user_error_of([&] { require_regular_file(directory.path().string()); }) ==
        directory.path().string() + ": is a directory, not a regular file");
  CHECK(user_error_of([&] { require_regular_file(directory.file("none")); }) ==
        directory.file("none") + ": no such file");
  CHECK(user_error_of([&] { require_regular_file(file + "/inside"); }) ==
        file + "/inside: a part of the path before the last is not a folder");
  // A link is what it points to.
  std::filesystem::create_symlink(fifo, directory.file("link"));
  CHECK(user_error_of([&] { require_regular_file(directory.file("link")); }) ==
        directory.file("link") + ": is a FIFO (named pipe), not a regular file");
}

TEST_CASE("require_regular_file_or_missing takes nothing there, and refuses a socket", "[file_kind]") {
  testing::TemporaryDirectory directory("file-kind");
  CHECK_NOTHROW(require_regular_file_or_missing(directory.file("new.db")));
  CHECK_NOTHROW(require_regular_file_or_missing(directory.write("old.db", "")));
  const std::string socket_path = directory.file("s");
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  REQUIRE(socket_path.size() < sizeof address.sun_path);
  std::strcpy(address.sun_path, socket_path.c_str());
  REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  CHECK(user_error_of([&] { require_regular_file_or_missing(socket_path); }) ==
        socket_path + ": is a socket, not a regular file");
  ::close(fd);
}

TEST_CASE("open_regular_file refuses a FIFO without waiting for a writer, and reads a file", "[file_kind]") {
  testing::TemporaryDirectory directory("file-kind");
  const std::string fifo = make_fifo(directory, "input.fifo");
  // With no writer, a blocking open() of the FIFO would never return: this test would hang.
  CHECK(user_error_of([&] { open_regular_file(fifo); }) == fifo + ": is a FIFO (named pipe), not a regular file");
  const int fd = open_regular_file(directory.write("text", "abc"));
  char buffer[8] = {};
  CHECK(::read(fd, buffer, sizeof buffer) == 3);
  CHECK(std::string(buffer) == "abc");
  ::close(fd);
  CHECK(user_error_of([&] { open_regular_file(directory.file("none")); }) == directory.file("none") + ": no such file");
}

TEST_CASE("require_folder_or_missing takes a folder or a path to make, and names the file in the way", "[file_kind]") {
  testing::TemporaryDirectory directory("file-kind");
  const std::string file = directory.write("build.txt", "");
  CHECK_NOTHROW(require_folder_or_missing(directory.path().string(), "--build-dir"));
  CHECK_NOTHROW(require_folder_or_missing(directory.file("new/deeper"), "--build-dir"));
  CHECK(user_error_of([&] { require_folder_or_missing(file, "--build-dir"); }) ==
        file + ": --build-dir needs a folder, not a regular file");
  CHECK(user_error_of([&] { require_folder_or_missing(file + "/sub/dir", "--build-cache"); }) ==
        file + "/sub/dir: --build-cache needs a folder, but " + file + " is a regular file");
  CHECK(user_error_of([&] { require_folder_or_missing(make_fifo(directory, "f"), "-I"); }) ==
        directory.file("f") + ": -I needs a folder, not a FIFO (named pipe)");
  CHECK_THROWS_WITH(require_folder_or_missing("", "--build-dir"), Catch::Contains("--build-dir ''"));
}

TEST_CASE("require_folder needs an existing folder", "[file_kind]") {
  testing::TemporaryDirectory directory("file-kind");
  CHECK_NOTHROW(require_folder(directory.path().string(), "--cccl-include"));
  CHECK(user_error_of([&] { require_folder(directory.write("x", ""), "--cccl-include"); }) ==
        directory.file("x") + ": --cccl-include needs a folder, not a regular file");
  CHECK(user_error_of([&] { require_folder(directory.file("none"), "--cccl-include"); }) ==
        directory.file("none") + ": --cccl-include names no folder: nothing is there");
}

TEST_CASE("create_folders makes missing folders; a file in the way is the path's fault", "[file_kind]") {
  testing::TemporaryDirectory directory("file-kind");
  CHECK_NOTHROW(create_folders(directory.file("a/b/c")));
  CHECK(std::filesystem::is_directory(directory.file("a/b/c")));
  CHECK_NOTHROW(create_folders(directory.file("a/b/c")));  // there already
  const std::string file = directory.write("plain", "");
  CHECK(user_error_of([&] { create_folders(file + "/sub"); }) ==
        file + "/sub: cannot create the folder: something on the way is not a folder");
  CHECK(user_error_of([&] { create_folders(file); }) ==
        file + ": cannot create the folder: something on the way is not a folder");
  if (::geteuid() != 0) {  // root writes anywhere
    const std::string locked = directory.file("locked");
    create_folders(locked);
    std::filesystem::permissions(locked, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    CHECK_THROWS_AS(create_folders(locked + "/inside"), EnvironmentError);
    std::filesystem::permissions(locked, std::filesystem::perms::owner_all);
  }
}
