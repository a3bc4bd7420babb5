// sycl::event (SYCL 2020 section 4.6.6): a submitted command, which runs asynchronously (see
// detail/scheduler.hpp). A default-constructed event refers to nothing and is complete.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "backend_types.hpp"
#include "detail/defines.hpp"
#include "detail/scheduler.hpp"
#include "exception.hpp"

namespace sycl {
inline namespace _V1 {

namespace info {
enum class event_command_status { submitted, running, complete };
namespace event {
struct command_execution_status { using return_type = info::event_command_status; };
} // namespace event
namespace event_profiling {
struct command_submit { using return_type = std::uint64_t; };
struct command_start { using return_type = std::uint64_t; };
struct command_end { using return_type = std::uint64_t; };
} // namespace event_profiling
} // namespace info

class event {
public:
  NCPU_OWNER_BEFORE
  // A complete event with an identity of its own (reference semantics: two default-constructed
  // events are two objects; a weak_object can watch one).
  event() : state_(std::make_shared<detail::event_state>(false, nullptr)) {}
  explicit event(detail::event_ptr state) : state_(std::move(state)) {}
  event(const event &) = default;
  event(event &&) = default;
  event &operator=(const event &) = default;
  event &operator=(event &&) = default;
  // Not inlined: the caller of every submission destroys the event it returns, and the shared
  // state's release inlined there was most of what each kernel added to the host code
  // (docs/compile-cost.md).
  [[gnu::noinline]] ~event() = default;

  // An event of a submission recorded to a command graph stands for a node, not a command:
  // waiting for it is errc::invalid (sycl_ext_oneapi_graph, "Event Limitations").
  void wait() const {
    if (!state_) return;
    if (state_->recorded())
      sycl::detail::throw_error(errc::invalid, "cannot wait for an event of a submission recorded to a command graph");
    state_->wait();
  }
  // Waits, then reports the command's exception, if any, to the queue's async_handler.
  void wait_and_throw() const {
    wait();
    if (!state_) return;
    exception_list errors;
    if (auto error = state_->take_error()) errors.push_back(error);
    detail::report_async_errors(state_->handler(), std::move(errors));
  }
  static void wait(const std::vector<event> &events) {
    for (const auto &e : events) e.wait();
  }
  static void wait_and_throw(const std::vector<event> &events) {
    for (const auto &e : events) e.wait_and_throw();
  }

  template <typename Param> typename Param::return_type get_info() const {
    static_assert(std::is_same_v<Param, info::event::command_execution_status>, "unsupported event info query");
    if (state_ && state_->recorded())
      sycl::detail::throw_error(errc::invalid, "a recorded command graph node has no execution status");
    switch (state_ ? state_->status() : 2) {
    case 0: return info::event_command_status::submitted;
    case 1: return info::event_command_status::running;
    default: return info::event_command_status::complete;
    }
  }

  // Nanoseconds on one monotonic clock; needs a queue with property::queue::enable_profiling.
  // The start and end times wait for the command to have finished.
  template <typename Param> typename Param::return_type get_profiling_info() const {
    if (!state_ || !state_->profiling())
      sycl::detail::throw_error(errc::invalid,
                      "profiling information needs a queue constructed with property::queue::enable_profiling");
    if constexpr (!std::is_same_v<Param, info::event_profiling::command_submit>) wait();
    std::uint64_t times[3];
    state_->times(times);
    if constexpr (std::is_same_v<Param, info::event_profiling::command_submit>)
      return times[0];
    else if constexpr (std::is_same_v<Param, info::event_profiling::command_start>)
      return times[1];
    else if constexpr (std::is_same_v<Param, info::event_profiling::command_end>)
      return times[2];
    else
      static_assert(sizeof(Param) == 0, "unsupported event profiling query");
  }

  // SYCL 2020 4.6.6: the events of the commands this one waits for (those whose events still
  // exist), and the backend.
  std::vector<event> get_wait_list() const {
    std::vector<event> events;
    if (state_)
      for (const auto &dependency : state_->wait_list()) {
        event earlier(dependency.lock());
        if (earlier.state_ && std::find(events.begin(), events.end(), earlier) == events.end())
          events.push_back(std::move(earlier));
      }
    return events;
  }
  backend get_backend() const noexcept { return backend::native_cpu; }

  friend bool operator==(const event &a, const event &b) { return a.state_ == b.state_; }
  friend bool operator!=(const event &a, const event &b) { return !(a == b); }

  // Implementation: the command, for dependencies.
  const detail::event_ptr &state() const { return state_; }

private:
  detail::event_ptr state_;
};

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::event> {
  std::size_t operator()(const sycl::event &e) const noexcept { return std::hash<const void *>()(e.state().get()); }
};
