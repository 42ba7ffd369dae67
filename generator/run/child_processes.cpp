#include "run/child_processes.hpp"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>

namespace policytune {
namespace {

std::mutex g_mutex;              // guards g_tracked, and forks against orphan scans
std::multiset<pid_t> g_tracked;  // children a run_process is waiting for
std::atomic<bool> g_subreaper{false};
std::set<std::string> g_spared_names;  // /proc/<pid>/comm of daemons left running

struct ProcessStat {
  pid_t parent = 0;
  char state = '?';
};

// The parent and state of `pid` from /proc/<pid>/stat; nullopt when it is gone.
std::optional<ProcessStat> stat_of(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  const auto name_end = line.rfind(')');  // the command name may hold spaces and parentheses
  if (name_end == std::string::npos || name_end + 4 >= line.size()) return std::nullopt;
  ProcessStat stat;
  stat.state = line[name_end + 2];
  stat.parent = static_cast<pid_t>(std::strtol(line.c_str() + name_end + 4, nullptr, 10));
  return stat;
}

// The kernel's name of `pid` (its executable's, cut to 15 characters); empty when it is gone.
std::string command_name(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/comm");
  std::string name;
  std::getline(in, name);
  return name;
}

}  // namespace

void spare_descendants_of_launcher(const std::string& command) {
  const std::string name = std::filesystem::path(command).filename().string();
  if (name.empty()) return;
  std::lock_guard lock(g_mutex);
  g_spared_names.insert(name.substr(0, 15));
}

std::vector<std::string> spared_command_names() {
  std::lock_guard lock(g_mutex);
  return {g_spared_names.begin(), g_spared_names.end()};
}

void become_subreaper() {
  if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0) g_subreaper = true;
}

pid_t fork_tracked_child() {
  std::lock_guard lock(g_mutex);
  const pid_t child = fork();
  if (child > 0) g_tracked.insert(child);
  return child;
}

int wait_tracked_child(pid_t child) {
  // Waits without reaping first: until it is reaped, its pid cannot be reused by a new child
  // that another thread forks and tracks, and it is reaped and forgotten under one lock.
  siginfo_t info{};
  while (waitid(P_PID, static_cast<id_t>(child), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR) {}
  std::lock_guard lock(g_mutex);
  int status = 0;
  pid_t reaped = 0;
  while ((reaped = waitpid(child, &status, 0)) < 0 && errno == EINTR) {}
  // Someone else reaped it (it cannot be ours to wait for then): no exit status to trust.
  if (reaped < 0) status = W_EXITCODE(127, 0);
  if (const auto found = g_tracked.find(child); found != g_tracked.end()) g_tracked.erase(found);
  return status;
}

std::vector<pid_t> children_of(pid_t parent) {
  std::vector<pid_t> children;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    const pid_t pid = static_cast<pid_t>(std::stol(name));
    const auto stat = stat_of(pid);
    if (stat && stat->parent == parent) children.push_back(pid);
  }
  return children;
}

void reap_exited_orphans() {
  if (!g_subreaper) return;  // orphans are not ours to reap; and a test's own children are not orphans
  std::lock_guard lock(g_mutex);
  for (const pid_t child : children_of(::getpid())) {
    if (g_tracked.count(child) != 0) continue;
    const auto stat = stat_of(child);
    if (stat && stat->state == 'Z') waitpid(child, nullptr, WNOHANG);
  }
}

std::size_t end_all_descendants() {
  if (!g_subreaper) return 0;
  std::lock_guard lock(g_mutex);
  std::size_t ended = 0;
  // Killing a process hands its own children to us: repeat until none is left. A descendant that
  // forks without end cannot hold policytune forever.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    std::vector<pid_t> children;
    for (const pid_t child : children_of(::getpid())) {
      if (g_spared_names.count(command_name(child)) == 0) children.push_back(child);
    }
    if (children.empty()) break;
    for (const pid_t child : children) kill(child, SIGKILL);
    for (const pid_t child : children) {
      // Without blocking: a process in uninterruptible sleep (a driver call) must not hold us.
      while (waitpid(child, nullptr, WNOHANG) == 0 && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      g_tracked.erase(child);
      ++ended;
    }
  }
  return ended;
}

}  // namespace policytune
