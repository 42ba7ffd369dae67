#include "core/text_input.hpp"

#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fmt/format.h>

#include "core/file_kind.hpp"
#include "core/user_error.hpp"

namespace policytune {

std::string read_text_file(const std::string& path) {
  const int fd = open_regular_file(path);  // a FIFO or device is refused, never waited on
  gzFile file = gzdopen(fd, "rb");
  if (file == nullptr) {
    ::close(fd);
    throw UserError(path, 0, std::string("cannot open: ") + std::strerror(errno));
  }
  std::string text;
  char buffer[1 << 16];
  int got = 0;
  while ((got = gzread(file, buffer, sizeof buffer)) > 0) text.append(buffer, static_cast<std::size_t>(got));
  int code = Z_OK;
  const std::string message = got < 0 ? gzerror(file, &code) : "";
  gzclose(file);
  if (got < 0) throw UserError(path, 0, "cannot read: " + message);
  return text;
}

std::size_t line_of_offset(const std::string& text, std::size_t offset) noexcept {
  const auto stop = text.begin() + static_cast<std::ptrdiff_t>(std::min(offset, text.size()));
  return 1 + static_cast<std::size_t>(std::count(text.begin(), stop, '\n'));
}

std::string content_hash(const std::string& text) {
  std::uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return fmt::format("{:016x}", hash);
}

}  // namespace policytune
