// How command groups run: asynchronously, as tasks of the runtime's task graph
// (__nativecpu_task_*), each depending on the commands it must follow.
//
// A submitted command group becomes one task whose dependencies are
//   * the events it names with depends_on,
//   * for each buffer it accesses, the last command that wrote the buffer and, if it writes
//     itself, every command that read it since (read-after-write, write-after-read and
//     write-after-write; readers of the same data run concurrently),
//   * in an in-order queue, the queue's previous command.
// The runtime runs the task on an executor thread once they have completed. Finding a command's
// dependencies and recording it as the buffers' latest command is one atomic step with respect
// to every other submission and host accessor in the process: the submission holds the mutexes
// of all its buffers' trackers, taken in address order, from the first until the second
// (tracker_locks). A host accessor is a held task among the buffer's commands, opened when the
// accessor is destroyed (host_access). docs/runtime-ordering.md explains why this is race-free.
// An exception the command throws is kept with its event and reported to the queue's
// async_handler by wait_and_throw/throw_asynchronous, as SYCL 2020 section 4.13 describes;
// errors that can be found when the command group is submitted (a bad nd_range, a missing
// kernel) are thrown by submit itself.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include <nativecpu/runtime.h>

#include "../exception.hpp"
#include "graph_hooks.hpp"

namespace sycl {
inline namespace _V1 {
namespace detail {

// What an event refers to: the command's task (null: nothing to wait for), the exception the
// command threw, and what reporting it needs.
class event_state {
public:
  event_state(bool profiling, std::shared_ptr<const async_handler> handler)
      : profiling_(profiling), handler_(std::move(handler)) {}
  event_state(const event_state &) = delete;
  event_state &operator=(const event_state &) = delete;
  ~event_state() {
    if (task_) __nativecpu_task_release(task_);
  }

  void wait() const;
  // 0 submitted, 1 running, 2 complete.
  int status() const;
  bool complete() const { return status() == 2; }
  bool profiling() const { return profiling_; }
  // Submit, start and end times in nanoseconds: the task's, from the earliest submission and
  // start among the tasks set by times_from.
  void times(std::uint64_t out[3]) const {
    if (task_) {
      __nativecpu_task_times(task_, out);
    } else {
      out[0] = out[1] = out[2] = 0;
    }
    for (const auto &part : timed_parts_) {
      std::uint64_t part_times[3];
      part->times(part_times);
      out[0] = std::min(out[0], part_times[0]);
      out[1] = std::min(out[1], part_times[1]);
    }
  }
  // The command this event stands for is the last of `parts`, which it follows (a command
  // graph's run): its profiling times span them.
  void times_from(std::vector<std::shared_ptr<event_state>> parts) { timed_parts_ = std::move(parts); }
  __nativecpu_task *task() const { return task_; }

  // The command's exception, once, for reporting (null if none or already taken). Only valid
  // after the task has completed.
  std::exception_ptr take_error() {
    std::lock_guard<std::mutex> lock(mutex_);
    return std::exchange(error_, nullptr);
  }
  bool has_error() {
    std::lock_guard<std::mutex> lock(mutex_);
    return error_ != nullptr;
  }
  const std::shared_ptr<const async_handler> &handler() const { return handler_; }
  // Lets a held command run (see submit_command), after what this thread did so far.
  void open() const;
  // The commands this one waited for that still have an event (event::get_wait_list): weak, so
  // that a chain of commands does not keep every earlier one alive.
  const std::vector<std::weak_ptr<event_state>> &wait_list() const { return wait_list_; }
  // A submission recorded to a command graph runs nothing: its event stands for the graph node
  // (ext/oneapi/experimental/graph.hpp), which the graph recording it finds here.
  void set_recorded(std::weak_ptr<graph_recorder> graph, std::shared_ptr<void> node) {
    recorded_in_ = std::move(graph);
    recorded_node_ = std::move(node);
  }
  bool recorded() const { return recorded_node_ != nullptr; }
  const std::weak_ptr<graph_recorder> &recorded_in() const { return recorded_in_; }
  const std::shared_ptr<void> &recorded_node() const { return recorded_node_; }

private:
  friend void run_command(void *);
  friend std::shared_ptr<event_state> submit_command(std::function<void()>, const std::vector<std::shared_ptr<event_state>> &,
                                                     bool, std::shared_ptr<const async_handler>, bool);

  __nativecpu_task *task_ = nullptr;
  std::mutex mutex_;
  std::exception_ptr error_;
  bool profiling_;
  std::shared_ptr<const async_handler> handler_;
  std::vector<std::weak_ptr<event_state>> wait_list_;
  std::weak_ptr<graph_recorder> recorded_in_;
  std::shared_ptr<void> recorded_node_;
  std::vector<std::shared_ptr<event_state>> timed_parts_;
};

using event_ptr = std::shared_ptr<event_state>;

// Calls the async handler with `errors`; without one, SYCL's default behaviour: report and
// terminate, since nobody can handle them.
inline void report_async_errors(const std::shared_ptr<const async_handler> &handler, exception_list errors) {
  if (errors.size() == 0) return;
  if (handler && *handler) {
    (*handler)(std::move(errors));
    return;
  }
  for (const auto &error : errors) {
    try {
      std::rethrow_exception(error);
    } catch (const std::exception &e) {
      std::fprintf(stderr, "SYCL asynchronous error without an async_handler: %s\n", e.what());
    } catch (...) {
      std::fprintf(stderr, "SYCL asynchronous error without an async_handler\n");
    }
  }
  std::terminate();
}

// ThreadSanitizer cannot see the runtime's synchronisation (the runtime is not instrumented),
// so with -fsanitize=thread the headers declare the orderings the task graph guarantees: a
// submission before its command, a command before its dependents and before whoever waited for
// it (docs/runtime-ordering.md). Without the sanitizer these do nothing.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define __NCPU_TSAN_ANNOTATIONS 1
#endif
#endif
#if defined(__SANITIZE_THREAD__) && !defined(__NCPU_TSAN_ANNOTATIONS)
#define __NCPU_TSAN_ANNOTATIONS 1
#endif
#ifdef __NCPU_TSAN_ANNOTATIONS
extern "C" void __tsan_acquire(void *address);
extern "C" void __tsan_release(void *address);
inline void happens_before(const void *token) { __tsan_release(const_cast<void *>(token)); }
inline void happens_after(const void *token) { __tsan_acquire(const_cast<void *>(token)); }
// The runtime declares a launch's own orderings (its arguments before its groups, its groups
// before it returns) through the same two functions, given to it before main.
inline const bool tsan_hooks_registered = (__nativecpu_set_tsan_hooks(__tsan_acquire, __tsan_release), true);
#else
inline void happens_before(const void *) {}
inline void happens_after(const void *) {}
#endif

inline void event_state::wait() const {
  if (task_) __nativecpu_task_wait(task_);
  happens_after(this);
}
inline void event_state::open() const {
  happens_before(this);
  if (task_) __nativecpu_task_open(task_);
}
inline int event_state::status() const {
  int status = task_ ? __nativecpu_task_status(task_) : 2;
  if (status == 2) happens_after(this);
  return status;
}

struct command_payload {
  std::function<void()> command;
  event_ptr state;
  std::vector<event_ptr> dependencies;
};

// Whether the calling thread is running a command (a host task, say): waiting for a queue from
// there could wait for the command itself.
inline bool &running_command() {
  thread_local bool running = false;
  return running;
}

// The task's callback: runs the command and keeps what it throws.
inline void run_command(void *data) {
  std::unique_ptr<command_payload> payload(static_cast<command_payload *>(data));
  const bool outer = std::exchange(running_command(), true);
  happens_after(payload.get());
  for (const auto &dependency : payload->dependencies) happens_after(dependency.get());
  try {
    if (payload->command) payload->command();
  } catch (...) {
    std::lock_guard<std::mutex> lock(payload->state->mutex_);
    payload->state->error_ = std::current_exception();
  }
  running_command() = outer;
  happens_before(payload->state.get());
}

// Submits `command` to run after `dependencies`; a `held` command also waits for open().
inline event_ptr submit_command(std::function<void()> command, const std::vector<event_ptr> &dependencies,
                                bool profiling, std::shared_ptr<const async_handler> handler, bool held = false) {
  auto state = std::make_shared<event_state>(profiling, std::move(handler));
  std::vector<__nativecpu_task *> tasks;
  for (const auto &dependency : dependencies)
    if (dependency && dependency->task()) tasks.push_back(dependency->task());
  state->wait_list_.assign(dependencies.begin(), dependencies.end());
  auto *payload = new command_payload{std::move(command), state, dependencies};
  happens_before(payload);
  auto submit = held ? __nativecpu_task_submit_held : __nativecpu_task_submit;
  state->task_ = submit(run_command, payload, tasks.data(), tasks.size());
  return state;
}

// The commands a queue submitted that may not have completed. Every list is known to the
// command registry, so that sycl::free can find the commands of every queue still running and
// release the memory only after them (release_after_commands): SYCL 2020 makes freeing memory
// that a command still uses undefined, and here it must not corrupt the heap.
struct command_list {
  std::mutex mutex;
  std::vector<event_ptr> submitted;

  command_list();
  ~command_list();
  command_list(const command_list &) = delete;
  command_list &operator=(const command_list &) = delete;
};

class command_registry {
public:
  // Never destroyed: queues with static storage may outlive any static object.
  static command_registry &instance() {
    static command_registry *registry = new command_registry;
    return *registry;
  }
  void add(command_list *list) {
    std::lock_guard<std::mutex> lock(mutex_);
    lists_.push_back(list);
  }
  // A destroyed queue's commands run on (queues do not wait when destroyed): kept here, with
  // the complete ones dropped each time, so that the list does not grow.
  void remove(command_list *list) {
    std::lock_guard<std::mutex> lock(mutex_);
    lists_.erase(std::find(lists_.begin(), lists_.end(), list));
    prune_orphans();
    std::lock_guard<std::mutex> list_lock(list->mutex);
    keep_incomplete(list->submitted, orphans_);
  }
  // Every command of every queue not complete now.
  std::vector<event_ptr> in_flight() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<event_ptr> running;
    for (command_list *list : lists_) {
      std::lock_guard<std::mutex> list_lock(list->mutex);
      keep_incomplete(list->submitted, running);
    }
    prune_orphans();
    running.insert(running.end(), orphans_.begin(), orphans_.end());
    return running;
  }

private:
  // Needs the mutex.
  void prune_orphans() {
    std::vector<event_ptr> incomplete;
    keep_incomplete(orphans_, incomplete);
    orphans_ = std::move(incomplete);
  }
  static void keep_incomplete(const std::vector<event_ptr> &commands, std::vector<event_ptr> &into) {
    for (const auto &command : commands)
      if (!command->complete()) into.push_back(command);
  }
  std::mutex mutex_;
  std::vector<command_list *> lists_;
  std::vector<event_ptr> orphans_;
};

inline command_list::command_list() { command_registry::instance().add(this); }
inline command_list::~command_list() { command_registry::instance().remove(this); }

// Runs `release` once every command submitted so far has completed: now if none is running,
// else in a task after them. The caller does not wait.
inline void release_after_commands(std::function<void()> release) {
  std::vector<event_ptr> running = command_registry::instance().in_flight();
  if (running.empty())
    release();
  else
    submit_command(std::move(release), running, false, nullptr);
}

// The commands using one buffer: the last writer and the readers since. Its mutex must be held
// from reading the dependencies of a command to recording the command (tracker_locks,
// host_access), so that no other command can come between.
class access_tracker {
public:
  std::mutex &mutex() { return mutex_; }
  // The commands a new access must wait for. Needs the mutex.
  void add_dependencies(bool writes, std::vector<event_ptr> &dependencies) const {
    if (writer_) dependencies.push_back(writer_);
    if (writes) dependencies.insert(dependencies.end(), readers_.begin(), readers_.end());
  }
  // `command` is the buffer's latest access. Needs the mutex.
  void record(bool writes, const event_ptr &command) {
    if (writes) {
      writer_ = command;
      readers_.clear();
    } else {
      std::vector<event_ptr> running;
      for (auto &reader : readers_)
        if (!reader->complete()) running.push_back(std::move(reader));
      running.push_back(command);
      readers_ = std::move(running);
    }
  }
  // Waits for every command of the buffer (the buffer is being destroyed).
  void wait_all() {
    std::vector<event_ptr> pending;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      add_dependencies(true, pending);
    }
    for (const auto &command : pending) command->wait();
  }

private:
  std::mutex mutex_;
  event_ptr writer_;
  std::vector<event_ptr> readers_;
};

// One buffer a command group accesses.
struct tracked_access {
  access_tracker *tracker;
  bool writes;
};

// The trackers of one command group's buffers, locked in address order (two submissions never
// wait for each other's locks), each once, as a write if any of its accessors writes.
class tracker_locks {
public:
  explicit tracker_locks(std::vector<tracked_access> accesses) : accesses_(std::move(accesses)) {
    std::sort(accesses_.begin(), accesses_.end(),
              [](const tracked_access &a, const tracked_access &b) { return std::less<>()(a.tracker, b.tracker); });
    std::vector<tracked_access> merged;
    for (const auto &access : accesses_)
      if (!merged.empty() && merged.back().tracker == access.tracker)
        merged.back().writes = merged.back().writes || access.writes;
      else
        merged.push_back(access);
    accesses_ = std::move(merged);
    for (const auto &access : accesses_) locks_.emplace_back(access.tracker->mutex());
  }
  void add_dependencies(std::vector<event_ptr> &dependencies) const {
    for (const auto &access : accesses_) access.tracker->add_dependencies(access.writes, dependencies);
  }
  void record(const event_ptr &command) const {
    for (const auto &access : accesses_) access.tracker->record(access.writes, command);
  }

private:
  std::vector<tracked_access> accesses_;
  std::vector<std::unique_lock<std::mutex>> locks_;
};

// A host accessor's place among its buffer's commands: a held command that the commands
// submitted after it follow, opened when the last copy of the accessor is destroyed. The
// constructor returns once the commands the access follows have completed.
class host_access {
public:
  host_access(access_tracker &tracker, bool writes) {
    std::vector<event_ptr> earlier;
    {
      std::lock_guard<std::mutex> lock(tracker.mutex());
      tracker.add_dependencies(writes, earlier);
      gate_ = submit_command({}, {}, false, nullptr, true);
      tracker.record(writes, gate_);
    }
    for (const auto &command : earlier) command->wait();
  }
  host_access(const host_access &) = delete;
  host_access &operator=(const host_access &) = delete;
  ~host_access() { gate_->open(); }

private:
  event_ptr gate_;
};

} // namespace detail
} // namespace _V1
} // namespace sycl
