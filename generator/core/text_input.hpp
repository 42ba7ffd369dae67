#pragma once

#include <cstddef>
#include <string>

namespace policytune {

// Reads a whole text file; gzip-compressed files (Kernel Tuner caches ship as .json.gz) are
// decompressed transparently. Throws UserError naming the file when it cannot be read or is not a
// regular file (a FIFO, device, directory or socket is refused before anything reads it).
std::string read_text_file(const std::string& path);

// The 1-based line of `offset` in `text`, for error messages about parsed documents.
std::size_t line_of_offset(const std::string& text, std::size_t offset) noexcept;

// A stable content hash (FNV-1a 64, hex) that keys results to the benchmark source they measured.
std::string content_hash(const std::string& text);

}  // namespace policytune
