#pragma once

#include <string>

namespace policytune {

// The path that means "standard output" to write_output_file.
inline constexpr const char* kStandardOutputPath = "-";

// Writes a text output (a generated header) the one way every command writes one:
//  * `-` streams `text` to standard output;
//  * a symbolic link is followed to its target, which is written; the link stays a link;
//  * anything else that exists and is not a regular file (a FIFO, a device such as /dev/stdout on
//    a pipe or a terminal, a directory, a socket) is refused with a UserError before it is opened,
//    so that a FIFO never blocks and a device is never replaced by a regular file;
//  * a regular file is replaced atomically (a temporary file beside the target, fsync, rename), and
//    only when its bytes change, so that a consumer's build is not retriggered by an identical
//    header and a reader never sees half of one. A replaced file keeps its permissions.
// Missing parent folders are created. A path that cannot be written throws: UserError where the
// path itself is wrong (a parent is not a folder, a name too long, a link loop), EnvironmentError
// where the machine refuses (permission denied, read-only file system, disk full, I/O error).
void write_output_file(const std::string& path, const std::string& text);

}  // namespace policytune
