#pragma once

#include <string>
#include <vector>

namespace policytune {

// One wrong argument must not destroy what a command reads: `generate --db t.db -o t.db` would
// replace every stored measurement with the header. Every command that writes a file (a header, a
// report, a JUnit file, a database) checks the file against the files it reads first, and refuses
// before it reads or writes anything.

// A file a command reads, and how messages name it ("--db t.db", "the benchmark source b.cpp").
struct CommandInput {
  std::string name;
  std::string path;
};

// The input `path` given by `role` ("--template", "the benchmark source"), named "<role> <path>".
CommandInput command_input(const std::string& role, const std::string& path);

// True where `a` and `b` are one file: by any path (a hard link, a symbolic link, `./`, `..`) where
// both exist, else where their paths are one once links and dots are resolved (a file the
// command would create where the other is expected). Never throws.
bool same_file(const std::string& a, const std::string& b);

// A database and the files SQLite keeps beside it (the write-ahead log, its shared memory and the
// rollback journal), which hold results the database file itself may not hold yet.
std::vector<CommandInput> database_inputs(const std::string& role, const std::string& path);

// Throws UserError naming both where `output` (given by the option `option`, `-o`) is one of
// `inputs` (same_file). `-` (standard output) is no file.
void refuse_output_among_inputs(const std::string& option, const std::string& output,
                                const std::vector<CommandInput>& inputs);

}  // namespace policytune
