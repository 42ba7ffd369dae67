#include "run/build_queue.hpp"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "run/process.hpp"

namespace policytune {

BuildQueue::BuildQueue(std::size_t count, std::size_t batch_size) {
  if (batch_size == 0) throw std::logic_error("BuildQueue: batch size 0");
  for (std::size_t first = 0; first < count; first += batch_size) {
    Group group;
    for (std::size_t i = first; i < std::min(count, first + batch_size); ++i) group.push_back(i);
    initial_.push_back(std::move(group));
  }
}

void BuildQueue::run(std::size_t threads, const std::function<Outcome(const Group&)>& compile) {
  std::deque<Group> queue(initial_.begin(), initial_.end());
  std::mutex mutex;
  std::condition_variable changed;
  std::size_t in_progress = 0;
  std::exception_ptr failure;  // the first a compile threw (a full disk): thrown here, not in a thread
  const auto work = [&] {
    std::unique_lock lock(mutex);
    while (true) {
      // An empty queue is not the end while a group in progress may still be split into it.
      changed.wait(lock, [&] { return !queue.empty() || in_progress == 0; });
      if (queue.empty() || interrupt_requested()) break;
      Group group = std::move(queue.front());
      queue.pop_front();
      ++in_progress;
      lock.unlock();
      Outcome outcome = Outcome::finished;
      try {
        outcome = compile(group);
      } catch (...) {
        lock.lock();
        if (!failure) failure = std::current_exception();
        lock.unlock();
        outcome = Outcome::interrupted;  // the rest is abandoned, the failure rethrown by run()
      }
      lock.lock();
      --in_progress;
      if (outcome == Outcome::split && group.size() > 1) {
        split_groups_.push_back(group);
        const auto middle = group.begin() + static_cast<std::ptrdiff_t>(group.size() / 2);
        queue.emplace_back(group.begin(), middle);
        queue.emplace_back(middle, group.end());
      }
      if (outcome == Outcome::interrupted) queue.clear();  // abandon the rest
      changed.notify_all();
    }
    changed.notify_all();
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace policytune
