#include "run/build_queue.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace policytune;

namespace {

using Group = BuildQueue::Group;

// Runs `queue` on `threads` threads and returns the groups compile was called on, in call order.
template <typename Compile>
std::vector<Group> compiled_groups(BuildQueue& queue, std::size_t threads, Compile compile) {
  std::mutex mutex;
  std::vector<Group> seen;
  queue.run(threads, [&](const Group& group) {
    {
      std::lock_guard lock(mutex);
      seen.push_back(group);
    }
    return compile(group);
  });
  return seen;
}

}  // namespace

TEST_CASE("a build queue hands out consecutive indexes in groups of the batch size", "[build_queue]") {
  BuildQueue queue(7, 3);
  const auto seen = compiled_groups(queue, 1, [](const Group&) { return BuildQueue::Outcome::finished; });
  CHECK(seen == std::vector<Group>{{0, 1, 2}, {3, 4, 5}, {6}});
  CHECK(queue.split_groups().empty());
}

TEST_CASE("a build queue of no variants compiles nothing", "[build_queue]") {
  BuildQueue queue(0, 4);
  for (const std::size_t threads : {0u, 1u, 3u}) {
    CHECK(compiled_groups(queue, threads, [](const Group&) { return BuildQueue::Outcome::finished; }).empty());
  }
}

TEST_CASE("a batch that fails is split in halves until its failing variant is alone", "[build_queue][batch]") {
  BuildQueue queue(5, 5);
  const auto seen = compiled_groups(queue, 1, [](const Group& group) {
    const bool holds_the_bad_one = std::find(group.begin(), group.end(), 3) != group.end();
    return holds_the_bad_one && group.size() > 1 ? BuildQueue::Outcome::split : BuildQueue::Outcome::finished;
  });
  CHECK(seen == std::vector<Group>{{0, 1, 2, 3, 4}, {0, 1}, {2, 3, 4}, {2}, {3, 4}, {3}, {4}});
  CHECK(queue.split_groups() == std::vector<Group>{{0, 1, 2, 3, 4}, {2, 3, 4}, {3, 4}});
}

TEST_CASE("a lone variant reported as split counts as finished", "[build_queue]") {
  BuildQueue queue(2, 1);
  const auto seen = compiled_groups(queue, 1, [](const Group&) { return BuildQueue::Outcome::split; });
  CHECK(seen == std::vector<Group>{{0}, {1}});
  CHECK(queue.split_groups().empty());
}

TEST_CASE("an interrupted compile abandons the groups still queued", "[build_queue]") {
  BuildQueue queue(6, 2);
  const auto seen = compiled_groups(queue, 1, [](const Group& group) {
    return group.front() == 2 ? BuildQueue::Outcome::interrupted : BuildQueue::Outcome::finished;
  });
  CHECK(seen == std::vector<Group>{{0, 1}, {2, 3}});
}

TEST_CASE("what a compile throws on another thread is thrown by run, once every thread has stopped", "[build_queue]") {
  BuildQueue queue(8, 1);
  std::atomic<int> calls{0};
  // Every thread but the one that throws finishes what it holds: run() returns after them.
  CHECK_THROWS_WITH(compiled_groups(queue, 3,
                                    [&](const Group& group) {
                                      ++calls;
                                      if (group.front() == 1) throw std::runtime_error("disk full");
                                      return BuildQueue::Outcome::finished;
                                    }),
                    "disk full");
  CHECK(calls.load() >= 2);
  CHECK(calls.load() <= 8);
}

TEST_CASE("a build queue compiles on several threads at once, each index exactly once", "[build_queue]") {
  BuildQueue queue(12, 2);
  std::atomic<int> running{0};
  std::atomic<int> most_running{0};
  const auto seen = compiled_groups(queue, 3, [&](const Group& group) {
    const int now = ++running;
    int most = most_running.load();
    while (now > most && !most_running.compare_exchange_weak(most, now)) {}
    // Waits for a second thread to be compiling too (a loaded machine may start it late).
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (most_running.load() < 2 && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    --running;
    // Every batch fails once, so halves are queued while other threads may be waiting.
    return group.size() > 1 ? BuildQueue::Outcome::split : BuildQueue::Outcome::finished;
  });
  std::multiset<std::size_t> lone;
  for (const auto& group : seen) {
    if (group.size() == 1) lone.insert(group.front());
  }
  CHECK(lone == std::multiset<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  CHECK(seen.size() == 18);
  CHECK(queue.split_groups().size() == 6);
  CHECK(most_running.load() > 1);
  CHECK(most_running.load() <= 3);
}
