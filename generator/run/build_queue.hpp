#pragma once

#include <cstddef>
#include <functional>
#include <vector>

namespace policytune {

// The groups of variants (indexes) a build still has to compile, taken by several threads at once.
// A batch that fails is split in halves and both go back to the queue, so a variant that does not
// compile is isolated and the others still count.
class BuildQueue {
public:
  using Group = std::vector<std::size_t>;

  // What compiling one group came to.
  enum class Outcome {
    finished,     // built, or the failure of a lone variant recorded
    split,        // a batch failed: its halves go back to the queue (a lone variant is finished)
    interrupted,  // Ctrl-C reached the compile: the rest is abandoned
  };

  // The indexes 0 .. count - 1 in groups of `batch_size` (at least 1) consecutive ones.
  BuildQueue(std::size_t count, std::size_t batch_size);

  // Calls `compile` on every group, on `threads` threads (this one among them, so at least one),
  // until the queue is empty with nothing in progress (a group in progress may still be split),
  // an interruption is requested (interrupt_requested) or `compile` reports one. `compile` runs
  // outside the queue's lock, on groups that never share an index. What `compile` throws (a full
  // disk writing a batch source) ends the run, and run() throws it once every thread has stopped.
  void run(std::size_t threads, const std::function<Outcome(const Group&)>& compile);

  // The batches that failed and were split, in the order they failed.
  const std::vector<Group>& split_groups() const { return split_groups_; }

private:
  std::vector<Group> initial_;
  std::vector<Group> split_groups_;
};

}  // namespace policytune
