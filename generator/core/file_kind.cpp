#include "core/file_kind.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "core/environment_error.hpp"
#include "core/user_error.hpp"

namespace policytune {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void refuse_kind(const std::string& path, mode_t mode, const char* wanted) {
  throw UserError(path, 0, "is " + file_kind_name(mode) + ", not " + wanted);
}

// stat() of `path`, links followed; false when nothing is there. A file where a folder of the path
// should be is the path's fault; a refusal (no permission to look) is the machine's, as SQLite's
// and the compilers' would be.
bool path_status(const std::string& path, struct stat& status) {
  if (::stat(path.c_str(), &status) == 0) return true;
  const int error = errno;
  if (error == ENOENT) return false;
  if (error == ENOTDIR) throw UserError(path, 0, "a part of the path before the last is not a folder");
  if (error == ELOOP || error == ENAMETOOLONG) throw UserError(path, 0, std::strerror(error));
  throw EnvironmentError(path, std::string("cannot inspect: ") + std::strerror(error));
}

}  // namespace

std::string file_kind_name(mode_t mode) {
  if (S_ISREG(mode)) return "a regular file";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "a special file";
}

void require_regular_file(const std::string& path) {
  struct stat status {};
  if (!path_status(path, status)) throw UserError(path, 0, "no such file");
  if (!S_ISREG(status.st_mode)) refuse_kind(path, status.st_mode, "a regular file");
}

void require_regular_file_or_missing(const std::string& path) {
  struct stat status {};
  if (path_status(path, status) && !S_ISREG(status.st_mode)) refuse_kind(path, status.st_mode, "a regular file");
}

int open_regular_file(const std::string& path) {
  require_regular_file(path);  // a device is never opened: some act on it (a tape rewinds)
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    if (error == ENOENT) throw UserError(path, 0, "no such file");  // gone since
    throw UserError(path, 0, std::string("cannot open: ") + std::strerror(error));
  }
  // Checked again on what was opened: a FIFO put there since is refused, never waited on.
  struct stat status {};
  if (::fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
    ::close(fd);
    refuse_kind(path, status.st_mode, "a regular file");
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);  // a regular file never waits either way
  return fd;
}

void require_folder_or_missing(const std::string& path, const std::string& option) {
  if (path.empty()) throw UserError(option + " '': a folder needs a path, not an empty one");
  std::error_code error;
  const fs::path given = fs::absolute(fs::path(path), error);
  if (error) throw UserError(path, 0, option + ": cannot resolve the path: " + error.message());
  // The path itself, else the nearest existing path above it (the folder it would be made in).
  for (fs::path probe = given;; probe = probe.parent_path()) {
    struct stat status {};
    if (::stat(probe.c_str(), &status) == 0) {
      if (S_ISDIR(status.st_mode)) return;
      const std::string kind = file_kind_name(status.st_mode);
      throw UserError(path, 0,
                      probe == given ? option + " needs a folder, not " + kind
                                     : option + " needs a folder, but " + probe.string() + " is " + kind);
    }
    // ENOTDIR: a file further up, which a later round names.
    if (errno != ENOENT && errno != ENOTDIR) {
      throw EnvironmentError(path, option + ": cannot inspect: " + std::strerror(errno));
    }
    if (!probe.has_relative_path()) return;  // nothing exists up to the root, which is a folder
  }
}

void require_folder(const std::string& path, const std::string& option) {
  struct stat status {};
  if (!path_status(path, status)) throw UserError(path, 0, option + " names no folder: nothing is there");
  if (!S_ISDIR(status.st_mode)) {
    throw UserError(path, 0, option + " needs a folder, not " + file_kind_name(status.st_mode));
  }
}

void create_folders(const std::string& path) {
  std::error_code error;
  fs::create_directories(path, error);
  if (!error) return;
  // A file where a folder should be is the path's fault; a refusal of the machine is the machine's.
  if (error == std::errc::not_a_directory || error == std::errc::file_exists) {
    throw UserError(path, 0, "cannot create the folder: something on the way is not a folder");
  }
  throw EnvironmentError(path, "cannot create the folder: " + error.message());
}

}  // namespace policytune
