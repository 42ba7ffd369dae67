#include "core/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <optional>

#include "core/comment_text.hpp"
#include "core/environment_error.hpp"
#include "core/file_kind.hpp"
#include "core/user_error.hpp"

namespace policytune {
namespace {

namespace fs = std::filesystem;

// The file the user named and, through symbolic links, the one that is written.
struct Target {
  std::string given;
  fs::path resolved;

  // For error messages: one line, whatever bytes the path holds.
  std::string name() const {
    const std::string shown = one_line_text(given);
    return resolved.string() == given ? shown : shown + " (a link to " + one_line_text(resolved.string()) + ")";
  }
};

// A path the user got wrong is a UserError; the machine refusing a sound path is an EnvironmentError.
[[noreturn]] void fail(const std::string& name, const std::string& action, int error) {
  const std::string what = action + ": " + std::strerror(error);
  switch (error) {
    case ENOTDIR:
    case EISDIR:
    case ENAMETOOLONG:
    case ELOOP:
      throw UserError(name, 0, what);
    default:
      throw EnvironmentError(name, what);
  }
}

[[noreturn]] void refuse(const std::string& name, mode_t mode) {
  throw UserError(
      name, 0, "is " + file_kind_name(mode) + ", not a regular file: give a file to write, or - for standard output");
}

// Follows symbolic links by hand rather than with realpath: a dangling link's target is the file
// to create, and a relative target is relative to its link's folder.
fs::path resolve_links(const std::string& given) {
  fs::path path = given;
  for (int hops = 0; hops < 40; ++hops) {
    struct stat status {};
    if (::lstat(path.c_str(), &status) != 0) {
      if (errno == ENOENT) return path;  // a new file (its folders are created later)
      fail(one_line_text(given), "cannot inspect " + one_line_text(path.string()), errno);
    }
    if (!S_ISLNK(status.st_mode)) return path;
    std::error_code error;
    const fs::path target = fs::read_symlink(path, error);
    if (error) fail(one_line_text(given), "cannot read the link " + one_line_text(path.string()), error.value());
    path = target.is_absolute() ? target : path.parent_path() / target;
  }
  fail(one_line_text(given), "cannot follow its links", ELOOP);
}

// The current bytes of the regular file `target` and its permissions, or nothing where it does not
// exist. Opened without blocking, so that a FIFO put there since it was inspected is refused, not waited on.
struct Existing {
  std::string bytes;
  mode_t permissions = 0;
};

std::optional<Existing> read_existing(const Target& target) {
  const int fd = ::open(target.resolved.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) {
    if (errno == ENOENT) return std::nullopt;
    fail(target.name(), "cannot read", errno);
  }
  struct stat status {};
  if (::fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
    ::close(fd);
    refuse(target.name(), status.st_mode);
  }
  Existing existing;
  existing.permissions = status.st_mode & 07777;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      const int error = errno;
      ::close(fd);
      fail(target.name(), "cannot read", error);
    }
    if (got == 0) break;
    existing.bytes.append(buffer, static_cast<std::size_t>(got));
  }
  ::close(fd);
  return existing;
}

// The temporary file beside the target, removed unless it was renamed onto it.
class TemporaryFile {
public:
  TemporaryFile(const Target& target, const fs::path& folder) {
    static std::atomic<unsigned> counter{0};
    path_ = folder / ("." + target.resolved.filename().string() + ".policytune-" + std::to_string(::getpid()) + "-" +
                      std::to_string(counter++) + ".tmp");
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);  // the umask applies
    if (fd_ < 0) fail(target.name(), "cannot create a file in " + one_line_text(folder.string()), errno);
  }
  ~TemporaryFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;

  int fd() const { return fd_; }
  const fs::path& path() const { return path_; }
  // Closes the file; the caller reports the error.
  int close() {
    const int result = ::close(fd_);
    fd_ = -1;
    return result;
  }
  void renamed() { path_.clear(); }

private:
  fs::path path_;
  int fd_ = -1;
};

void write_all(int fd, const std::string& text, const Target& target) {
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t put = ::write(fd, text.data() + written, text.size() - written);
    if (put < 0 && errno == EINTR) continue;
    if (put < 0) fail(target.name(), "cannot write", errno);
    written += static_cast<std::size_t>(put);
  }
}

void write_standard_output(const std::string& text) {
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
    throw EnvironmentError("standard output", std::string("cannot write: ") + std::strerror(errno));
  }
}

}  // namespace

void write_output_file(const std::string& path, const std::string& text) {
  if (path == kStandardOutputPath) return write_standard_output(text);
  if (path.empty()) throw UserError("no output file given");
  // stat follows every link, /proc's fd links included: /dev/stdout on a pipe is a FIFO here.
  struct stat status {};
  if (::stat(path.c_str(), &status) == 0) {
    if (!S_ISREG(status.st_mode)) refuse(one_line_text(path), status.st_mode);
  } else if (errno != ENOENT) {
    fail(one_line_text(path), "cannot inspect", errno);
  }
  const Target target{path, resolve_links(path)};
  const fs::path folder = target.resolved.has_parent_path() ? target.resolved.parent_path() : fs::path(".");
  std::error_code error;
  fs::create_directories(folder, error);
  if (error) fail(target.name(), "cannot create its folder " + one_line_text(folder.string()), error.value());

  const std::optional<Existing> existing = read_existing(target);
  if (existing && existing->bytes == text) return;
  TemporaryFile temporary(target, folder);
  if (existing) ::fchmod(temporary.fd(), existing->permissions);  // best effort, as cp does
  write_all(temporary.fd(), text, target);
  if (::fsync(temporary.fd()) != 0) fail(target.name(), "cannot write", errno);
  if (temporary.close() != 0) fail(target.name(), "cannot write", errno);
  if (::rename(temporary.path().c_str(), target.resolved.c_str()) != 0) fail(target.name(), "cannot replace", errno);
  temporary.renamed();
  // The rename itself survives a crash once the folder is on disk; a failure here loses nothing written.
  const int folder_fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (folder_fd >= 0) {
    ::fsync(folder_fd);
    ::close(folder_fd);
  }
}

}  // namespace policytune
