#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace policytune {

// Every process policytune starts, and every process those start, ends with policytune.
//
// A benchmark or compiler can detach a helper (setsid, a double fork): the process-group kill of
// run_process misses it. As a child subreaper, policytune adopts such orphans when their parent
// exits, and ends them all on its way out. Against kill -9 of policytune itself, run_process asks
// the kernel to kill each child with it (PR_SET_PDEATHSIG).

// Makes this process the subreaper of its descendants. main() calls it first thing.
void become_subreaper();

// fork(), recording the child as one run_process is waiting for, atomically with the fork, so
// that a concurrent reap_exited_orphans() never takes it for an adopted orphan.
pid_t fork_tracked_child();
// Waits for a child of fork_tracked_child() to end, reaps it and forgets it; its wait status.
int wait_tracked_child(pid_t child);

// Reaps adopted orphans that have exited, so that their zombies do not pile up; leaves running
// ones alone (a launcher's daemon, such as sccache's server, may still be serving compiles).
void reap_exited_orphans();

// A daemon the user's compiler launcher starts (sccache's server) serves the project's other
// compiles too: adopted processes of that name outlive policytune. `command` is the launcher's
// path or name.
void spare_descendants_of_launcher(const std::string& command);
// The names spare_descendants_of_launcher() recorded.
std::vector<std::string> spared_command_names();

// Kills and reaps every descendant but spared daemons: adopted orphans, and whatever they started.
// For the last moment of policytune, when no run_process is in flight; returns how many it ended.
// Gives up after 10 s (a process stuck in the kernel cannot be reaped).
std::size_t end_all_descendants();

// The processes whose parent is `parent`, zombies included (from /proc).
std::vector<pid_t> children_of(pid_t parent);

}  // namespace policytune
