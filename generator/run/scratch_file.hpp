#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace policytune {

// Files one policytune process writes into a build folder that others may share (two searches of
// one benchmark, shards on one host): named `<stem>.pid<pid>-<host>[<extension>]`, so that no two
// processes write, run or remove the same path, and so that one that died (kill -9, a crash, a
// power cut) can be told from one still running and its leftovers removed.

// `stem` made this process's own: "unroll_2" -> "unroll_2.pid4242-3f9c1a07". `extension` (".cpp")
// comes last, for the compiler's sake.
std::string scratch_name(const std::string& stem, const std::string& extension = "");

// Removes, anywhere under `folder`, the scratch files of processes of this host that no longer
// exist. Returns how many it removed; what cannot be removed stays, quietly.
std::size_t remove_stale_scratch(const std::filesystem::path& folder);

// Puts a finished scratch file in place under its final name in one step (rename), so that a
// process running or reading `target` meanwhile sees the old file or the new one, never a part.
void publish(const std::filesystem::path& scratch, const std::filesystem::path& target);

// Writes a file of the build folder, checked: on a full disk a truncated batch source would count
// as variants that do not compile, and an empty base.seconds would break the next search. Throws
// EnvironmentError naming the file.
void write_build_file(const std::filesystem::path& path, const std::string& text);

}  // namespace policytune
