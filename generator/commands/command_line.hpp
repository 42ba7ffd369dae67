#pragma once

namespace policytune {

// One policytune command line run in this process: the command table parsed, the chosen command
// run, every error printed as its one line on stderr and turned into its exit code (2 the input,
// 74 the machine, 70 a bug). main() runs it, and `batch` runs it once per command it lists.
int run_command_line(int argc, char** argv);

}  // namespace policytune
