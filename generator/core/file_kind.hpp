#pragma once

#include <sys/types.h>

#include <string>

namespace policytune {

// What a path must be, checked before anything opens it: an input must be a regular file, a
// folder PolicyTune builds in must be a folder. A FIFO without a writer blocks open() forever (and
// the interrupt handlers of search and check make SQLite retry it), a device never ends, and a
// file where a folder belongs would fail deep inside as an internal error. Each refusal is a
// UserError naming the path and what it is instead ("is a FIFO (named pipe), not a regular file").

// "a FIFO (named pipe)", "a directory", "a character device", ... for messages.
std::string file_kind_name(mode_t mode);

// Throws UserError unless `path` names a regular file (symbolic links followed): "no such file"
// when nothing is there.
void require_regular_file(const std::string& path);

// The same, but nothing there is fine: a file the command creates (a new database).
void require_regular_file_or_missing(const std::string& path);

// Opens `path` for reading if it is a regular file, refusing anything else as
// require_regular_file() does, without ever waiting (O_NONBLOCK until the kind is known, so that
// a FIFO put there after the check is refused too). Returns the descriptor (close-on-exec, its
// reads blocking again).
int open_regular_file(const std::string& path);

// Throws UserError unless `path` is a folder, or nothing with a folder as the nearest existing
// path above it: a folder the command creates. `option` names where the path came from
// ("--build-dir"), since the path alone may not say what it was meant to be.
void require_folder_or_missing(const std::string& path, const std::string& option);

// Throws UserError unless `path` is a folder that exists (links followed), naming `option`.
void require_folder(const std::string& path, const std::string& option);

// Creates the folder `path` and the missing ones above it. Something other than a folder on the
// way is the path's fault (UserError); the machine refusing (permissions, a full or read-only
// disk) is an EnvironmentError.
void create_folders(const std::string& path);

}  // namespace policytune
