// How command groups run: asynchronously, as tasks of the runtime's task graph
// (__nativecpu_task_*), each depending on the commands it must follow.
//
// A submitted command group becomes one task whose dependencies are
//   * the events it names with depends_on,
//   * for each buffer it accesses, the last command that wrote the buffer and, if it writes
//     itself, every command that read it since (read-after-write, write-after-read and
//     write-after-write; readers of the same data run concurrently),
//   * in an in-order queue, the queue's previous command.
// The runtime runs the task on an executor thread once they have completed. An exception the
// command throws is kept with its event and reported to the queue's async_handler by
// wait_and_throw/throw_asynchronous, as SYCL 2020 section 4.13 describes; errors that can be
// found when the command group is submitted (a bad nd_range, a missing kernel) are thrown by
// submit itself.
#pragma once

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

  void wait() const {
    if (task_) __nativecpu_task_wait(task_);
  }
  // 0 submitted, 1 running, 2 complete.
  int status() const { return task_ ? __nativecpu_task_status(task_) : 2; }
  bool profiling() const { return profiling_; }
  // Submit, start and end times in nanoseconds.
  void times(std::uint64_t out[3]) const {
    if (task_) {
      __nativecpu_task_times(task_, out);
    } else {
      out[0] = out[1] = out[2] = 0;
    }
  }
  __nativecpu_task *task() const { return task_; }

  // The command's exception, once, for reporting (null if none or already taken). Only valid
  // after the task has completed.
  std::exception_ptr take_error() {
    std::lock_guard<std::mutex> lock(mutex_);
    return std::exchange(error_, nullptr);
  }
  const std::shared_ptr<const async_handler> &handler() const { return handler_; }

private:
  friend void run_command(void *);
  friend std::shared_ptr<event_state> submit_command(std::function<void()>, const std::vector<std::shared_ptr<event_state>> &,
                                                     bool, std::shared_ptr<const async_handler>);

  __nativecpu_task *task_ = nullptr;
  std::mutex mutex_;
  std::exception_ptr error_;
  bool profiling_;
  std::shared_ptr<const async_handler> handler_;
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

struct command_payload {
  std::function<void()> command;
  event_ptr state;
};

// The task's callback: runs the command and keeps what it throws.
inline void run_command(void *data) {
  std::unique_ptr<command_payload> payload(static_cast<command_payload *>(data));
  try {
    if (payload->command) payload->command();
  } catch (...) {
    std::lock_guard<std::mutex> lock(payload->state->mutex_);
    payload->state->error_ = std::current_exception();
  }
}

inline event_ptr submit_command(std::function<void()> command, const std::vector<event_ptr> &dependencies,
                                bool profiling, std::shared_ptr<const async_handler> handler) {
  auto state = std::make_shared<event_state>(profiling, std::move(handler));
  std::vector<__nativecpu_task *> tasks;
  for (const auto &dependency : dependencies)
    if (dependency && dependency->task()) tasks.push_back(dependency->task());
  auto *payload = new command_payload{std::move(command), state};
  state->task_ = __nativecpu_task_submit(run_command, payload, tasks.data(), tasks.size());
  return state;
}

// The commands using one buffer: the last writer and the readers since.
class access_tracker {
public:
  // The commands a new access must wait for.
  void add_dependencies(bool writes, std::vector<event_ptr> &dependencies) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (writer_) dependencies.push_back(writer_);
    if (writes) dependencies.insert(dependencies.end(), readers_.begin(), readers_.end());
  }
  void record(bool writes, const event_ptr &command) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (writes) {
      writer_ = command;
      readers_.clear();
    } else {
      std::vector<event_ptr> running;
      for (auto &reader : readers_)
        if (reader->status() != 2) running.push_back(std::move(reader));
      running.push_back(command);
      readers_ = std::move(running);
    }
  }
  // Waits for the commands a host access must follow (all of them for a write).
  void wait(bool writes) {
    std::vector<event_ptr> pending;
    add_dependencies(writes, pending);
    for (const auto &command : pending) command->wait();
  }

private:
  std::mutex mutex_;
  event_ptr writer_;
  std::vector<event_ptr> readers_;
};

} // namespace detail
} // namespace _V1
} // namespace sycl
