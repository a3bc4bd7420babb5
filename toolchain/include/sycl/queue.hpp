// sycl::queue (SYCL 2020 section 4.6.5). Command groups run asynchronously, ordered by their
// dependencies (detail/scheduler.hpp); an in-order queue also orders them by submission. Errors
// found at submission are thrown by submit; errors of a running command reach the queue's
// async_handler through wait_and_throw and throw_asynchronous.
#pragma once

#include <cstddef>
#include <functional>
#include <cstring>
#include <memory>
#include <mutex>
#include <type_traits>
#include <vector>

#include "detail/defines.hpp"
#include "device.hpp"
#include "event.hpp"
#include "exception.hpp"
#include "handler.hpp"
#include "nd_range.hpp"
#include "properties.hpp"
#include "usm.hpp"

namespace sycl {
inline namespace _V1 {

namespace info::queue {
struct context { using return_type = sycl::context; };
struct device { using return_type = sycl::device; };
} // namespace info::queue

namespace detail {
// Calls a command group function through a pointer, so that the submit path needs not know its
// type: the one function each command group function adds, with the command group inlined into
// it before the optimiser runs (docs/compile-cost.md).
template <typename CommandGroup> void call_command_group(void *command_group, handler &h) {
  [[clang::always_inline]] (*static_cast<CommandGroup *>(command_group))(h);
}

// What copies of one queue share; `submitted` (the commands not known to be complete) and its
// mutex are in command_list (detail/scheduler.hpp).
struct queue_state : command_list {
  bool in_order = false;
  bool profiling = false;
  std::shared_ptr<const async_handler> handler;
  event_ptr last;                   // the previous command, for in-order queues
  event_ptr barrier;                // the last ext_oneapi_submit_barrier, which later commands follow
  std::vector<event_ptr> finished;  // complete with an error not yet reported
  // Command graphs (ext/oneapi/experimental/graph.hpp): the graph the queue records into, if it
  // is recording, and its `last` and `barrier` from before, which recorded nodes replace
  // meanwhile.
  std::weak_ptr<graph_recorder> recorder;
  event_ptr last_before_recording, barrier_before_recording;
  static constexpr std::size_t sort_threshold = 16;

  // What a new command follows besides its own dependencies: in an in-order queue the previous
  // command, and the last barrier. Needs the mutex.
  void add_ordering(std::vector<event_ptr> &dependencies) const {
    if (in_order && last) dependencies.push_back(last);
    if (barrier) dependencies.push_back(barrier);
  }

  // Moves complete commands that failed to `finished` and forgets the others, so that a queue
  // that is never asked for its errors does not grow. Needs the mutex.
  // In place, and on submission only once `submitted` holds `sort_threshold` commands: asking
  // every command's status on every submission was a tenth of an empty kernel's launch.
  void sort_finished() {
    auto kept = submitted.begin();
    for (auto &command : submitted) {
      if (!command->complete()) {
        if (&*kept != &command) *kept = std::move(command);
        ++kept;
      } else if (command->has_error()) {
        finished.push_back(std::move(command));
      }
    }
    submitted.erase(kept, submitted.end());
  }
  void wait_all() {
    std::vector<event_ptr> pending;
    {
      std::lock_guard<std::mutex> lock(mutex);
      pending = submitted;
    }
    for (const auto &command : pending) command->wait();
  }
  // No destructor that waits: SYCL 2020 queues do not block when destroyed. Each command owns
  // what it needs (its event, the async handler), and the runtime waits for the commands still
  // running when the program exits (docs/runtime-ordering.md).
};
} // namespace detail

class queue {
public:
  NCPU_OWNER_BEFORE
  explicit queue(const property_list &props = {}) : queue(default_selector_v, props) {}
  explicit queue(const async_handler &handler, const property_list &props = {})
      : queue(default_selector_v, handler, props) {}
  // A lambda handler would convert to both async_handler and property_list; this takes it as is.
  template <typename Handler, typename = std::enable_if_t<std::is_invocable_v<Handler &, exception_list> &&
                                                          !std::is_same_v<Handler, async_handler>>>
  explicit queue(Handler handler, const property_list &props = {})
      : queue(default_selector_v, async_handler(std::move(handler)), props) {}
  template <typename Selector, typename = std::enable_if_t<std::is_invocable_r_v<int, const Selector &, const device &>>>
  explicit queue(const Selector &selector, const property_list &props = {}) : queue(device(selector), props) {}
  template <typename Selector, typename = std::enable_if_t<std::is_invocable_r_v<int, const Selector &, const device &>>>
  queue(const Selector &selector, const async_handler &handler, const property_list &props = {})
      : queue(device(selector), handler, props) {}
  explicit queue(const device &d, const property_list &props = {}) : device_(d), state_(make_state(props, nullptr)) {}
  queue(const device &d, const async_handler &handler, const property_list &props = {})
      : device_(d), state_(make_state(props, std::make_shared<const async_handler>(handler))) {}
  // Without a handler of its own the queue reports to its context's (SYCL 2020 4.13.1.2).
  queue(const context &c, const device &d, const property_list &props = {})
      : device_(d), context_(c), state_(make_state(props, c.ncpu_async_handler())) {}
  queue(const context &c, const device &d, const async_handler &handler, const property_list &props = {})
      : queue(d, handler, props) {
    context_ = c;
  }
  // SYCL 2020 4.6.5.1: the device the selector picks among the context's devices.
  template <typename Selector, typename = std::enable_if_t<std::is_invocable_r_v<int, const Selector &, const device &>>>
  queue(const context &c, const Selector &selector, const property_list &props = {})
      : queue(c, device(selector), props) {}
  template <typename Selector, typename = std::enable_if_t<std::is_invocable_r_v<int, const Selector &, const device &>>>
  queue(const context &c, const Selector &selector, const async_handler &handler, const property_list &props = {})
      : queue(c, device(selector), handler, props) {}

  device get_device() const { return device_; }
  template <typename Param> typename Param::return_type get_info() const {
    if constexpr (std::is_same_v<Param, info::queue::context>)
      return context_;
    else if constexpr (std::is_same_v<Param, info::queue::device>)
      return device_;
    else
      static_assert(sizeof(Param) == 0, "unsupported queue info query");
  }
  context get_context() const { return context_; }
  bool is_in_order() const { return state_->in_order; }
  backend get_backend() const noexcept { return backend::native_cpu; }
  template <typename Property> bool has_property() const noexcept {
    if constexpr (std::is_same_v<Property, property::queue::in_order>)
      return state_->in_order;
    else if constexpr (std::is_same_v<Property, property::queue::enable_profiling>)
      return state_->profiling;
    else
      return false;
  }

  template <typename CommandGroup> NCPU_ALWAYS_INLINE event submit(CommandGroup command_group) {
    return submit_command_group(&detail::call_command_group<CommandGroup>, &command_group);
  }
  // SYCL 2020 4.6.5.2: the secondary queue would take the command group if this queue failed to
  // submit it; this one does not fail to (errors come from running commands, not submitting).
  template <typename CommandGroup> NCPU_ALWAYS_INLINE event submit(CommandGroup command_group, queue &) {
    return submit(std::move(command_group));
  }
  // The queue's properties carry no data: get_property returns the one it was made with, and
  // throws errc::invalid for one it was not (SYCL 2020 4.5.4.3).
  template <typename Property> Property get_property() const {
    if (!has_property<Property>())
      sycl::detail::throw_error(errc::invalid, "The property is not found: the queue was not made with it");
    return Property();
  }

  // Copies of one queue are equal (SYCL 2020 4.5.2, common reference semantics).
  friend bool operator==(const queue &a, const queue &b) { return a.state_ == b.state_; }
  friend bool operator!=(const queue &a, const queue &b) { return !(a == b); }
  // Not part of the SYCL interface: what std::hash<queue> hashes.
  const void *identity() const { return state_.get(); }

  // sycl_khr_queue_empty_query (and DPC++'s ext_oneapi_empty): whether every command submitted
  // so far has completed.
  bool khr_empty() const {
    std::lock_guard<std::mutex> lock(state_->mutex);
    for (const auto &command : state_->submitted)
      if (!command->complete()) return false;
    return true;
  }
  bool ext_oneapi_empty() const { return khr_empty(); }
  // sycl_khr_queue_flush: commands start as soon as what they depend on completes, without
  // waiting for a flush, so there is nothing to do.
  void khr_flush() const {}

  // Waits for every command submitted so far; a queue recording to a command graph runs
  // nothing to wait for, which is errc::invalid.
  void wait() {
    if (recorder())
      sycl::detail::throw_error(errc::invalid, "cannot wait for a queue that is recording to a command graph");
    state_->wait_all();
  }
  void wait_and_throw() {
    wait();
    throw_asynchronous();
  }
  // Reports the errors of the commands that have finished to the async_handler.
  void throw_asynchronous() {
    exception_list errors;
    {
      std::lock_guard<std::mutex> lock(state_->mutex);
      state_->sort_finished();
      for (const auto &command : state_->finished)
        if (auto error = command->take_error()) errors.push_back(error);
      state_->finished.clear();
    }
    detail::report_async_errors(state_->handler, std::move(errors));
  }

  // ---- Shortcuts (SYCL 2020 4.6.5.2): a command group of one command, with optional events
  // to wait for first. --------------------------------------------------------------------
  event memcpy(void *destination, const void *source, std::size_t bytes, const std::vector<event> &deps = {}) {
    return submit_after(deps, [&](handler &h) { h.memcpy(destination, source, bytes); });
  }
  event memcpy(void *destination, const void *source, std::size_t bytes, const event &dep) {
    return memcpy(destination, source, bytes, std::vector<event>{dep});
  }
  // To and from a device_global's one instance (ext/oneapi/device_global.hpp), after `deps`.
  template <typename T, typename P>
  event memcpy(ext::oneapi::experimental::device_global<T, P> &destination, const void *source,
               std::size_t bytes = sizeof(T), std::size_t offset = 0, const std::vector<event> &deps = {}) {
    return submit_after(deps, [&](handler &h) { h.memcpy(destination, source, bytes, offset); });
  }
  template <typename T, typename P>
  event memcpy(ext::oneapi::experimental::device_global<T, P> &destination, const void *source, std::size_t bytes,
               std::size_t offset, const event &dep) {
    return memcpy(destination, source, bytes, offset, std::vector<event>{dep});
  }
  template <typename T, typename P>
  event memcpy(void *destination, const ext::oneapi::experimental::device_global<T, P> &source,
               std::size_t bytes = sizeof(T), std::size_t offset = 0, const std::vector<event> &deps = {}) {
    return submit_after(deps, [&](handler &h) { h.memcpy(destination, source, bytes, offset); });
  }
  template <typename T, typename P>
  event memcpy(void *destination, const ext::oneapi::experimental::device_global<T, P> &source, std::size_t bytes,
               std::size_t offset, const event &dep) {
    return memcpy(destination, source, bytes, offset, std::vector<event>{dep});
  }
  template <typename T, typename P>
  event copy(const std::remove_all_extents_t<T> *source, ext::oneapi::experimental::device_global<T, P> &destination,
             std::size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), std::size_t start_index = 0,
             const std::vector<event> &deps = {}) {
    return submit_after(deps, [&](handler &h) { h.copy(source, destination, count, start_index); });
  }
  template <typename T, typename P>
  event copy(const std::remove_all_extents_t<T> *source, ext::oneapi::experimental::device_global<T, P> &destination,
             std::size_t count, std::size_t start_index, const event &dep) {
    return copy(source, destination, count, start_index, std::vector<event>{dep});
  }
  template <typename T, typename P>
  event copy(const ext::oneapi::experimental::device_global<T, P> &source, std::remove_all_extents_t<T> *destination,
             std::size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), std::size_t start_index = 0,
             const std::vector<event> &deps = {}) {
    return submit_after(deps, [&](handler &h) { h.copy(source, destination, count, start_index); });
  }
  template <typename T, typename P>
  event copy(const ext::oneapi::experimental::device_global<T, P> &source, std::remove_all_extents_t<T> *destination,
             std::size_t count, std::size_t start_index, const event &dep) {
    return copy(source, destination, count, start_index, std::vector<event>{dep});
  }
  template <typename T>
  event copy(const T *source, T *destination, std::size_t count, const std::vector<event> &deps = {}) {
    return submit_after(deps, [&](handler &h) { h.copy(source, destination, count); });
  }
  template <typename T> event copy(const T *source, T *destination, std::size_t count, const event &dep) {
    return copy(source, destination, count, std::vector<event>{dep});
  }
  // sycl_ext_oneapi_memcpy2d's commands (handler.hpp), after `deps`.
  event ext_oneapi_memcpy2d(void *destination, std::size_t destination_pitch, const void *source,
                            std::size_t source_pitch, std::size_t width, std::size_t height,
                            const std::vector<event> &deps = {}) {
    return submit_after(deps, [&](handler &h) {
      h.ext_oneapi_memcpy2d(destination, destination_pitch, source, source_pitch, width, height);
    });
  }
  event ext_oneapi_memcpy2d(void *destination, std::size_t destination_pitch, const void *source,
                            std::size_t source_pitch, std::size_t width, std::size_t height, const event &dep) {
    return ext_oneapi_memcpy2d(destination, destination_pitch, source, source_pitch, width, height,
                               std::vector<event>{dep});
  }
  template <typename T>
  event ext_oneapi_copy2d(const T *source, std::size_t source_pitch, T *destination, std::size_t destination_pitch,
                          std::size_t width, std::size_t height, const std::vector<event> &deps = {}) {
    return submit_after(deps, [&](handler &h) {
      h.ext_oneapi_copy2d(source, source_pitch, destination, destination_pitch, width, height);
    });
  }
  template <typename T>
  event ext_oneapi_copy2d(const T *source, std::size_t source_pitch, T *destination, std::size_t destination_pitch,
                          std::size_t width, std::size_t height, const event &dep) {
    return ext_oneapi_copy2d(source, source_pitch, destination, destination_pitch, width, height,
                             std::vector<event>{dep});
  }
  event ext_oneapi_memset2d(void *destination, std::size_t destination_pitch, int value, std::size_t width,
                            std::size_t height, const std::vector<event> &deps = {}) {
    return submit_after(deps,
                        [&](handler &h) { h.ext_oneapi_memset2d(destination, destination_pitch, value, width, height); });
  }
  event ext_oneapi_memset2d(void *destination, std::size_t destination_pitch, int value, std::size_t width,
                            std::size_t height, const event &dep) {
    return ext_oneapi_memset2d(destination, destination_pitch, value, width, height, std::vector<event>{dep});
  }
  template <typename T>
  event ext_oneapi_fill2d(void *destination, std::size_t destination_pitch, const T &pattern, std::size_t width,
                          std::size_t height, const std::vector<event> &deps = {}) {
    return submit_after(deps,
                        [&](handler &h) { h.ext_oneapi_fill2d(destination, destination_pitch, pattern, width, height); });
  }
  template <typename T>
  event ext_oneapi_fill2d(void *destination, std::size_t destination_pitch, const T &pattern, std::size_t width,
                          std::size_t height, const event &dep) {
    return ext_oneapi_fill2d(destination, destination_pitch, pattern, width, height, std::vector<event>{dep});
  }

  event memset(void *pointer, int value, std::size_t bytes, const std::vector<event> &deps = {}) {
    return submit_after(deps, [&](handler &h) { h.memset(pointer, value, bytes); });
  }
  event memset(void *pointer, int value, std::size_t bytes, const event &dep) {
    return memset(pointer, value, bytes, std::vector<event>{dep});
  }
  template <typename T>
  event fill(void *pointer, const T &pattern, std::size_t count, const std::vector<event> &deps = {}) {
    return submit_after(deps, [&](handler &h) { h.fill(pointer, pattern, count); });
  }
  template <typename T> event fill(void *pointer, const T &pattern, std::size_t count, const event &dep) {
    return fill(pointer, pattern, count, std::vector<event>{dep});
  }
  event prefetch(const void *pointer, std::size_t bytes, const std::vector<event> &deps = {}) {
    return submit_after(deps, [&](handler &h) { h.prefetch(pointer, bytes); });
  }
  event prefetch(const void *pointer, std::size_t bytes, const event &dep) {
    return prefetch(pointer, bytes, std::vector<event>{dep});
  }
  template <typename Advice>
  event mem_advise(const void *pointer, std::size_t bytes, Advice advice, const std::vector<event> &deps = {}) {
    return submit_after(deps, [&](handler &h) { h.mem_advise(pointer, bytes, advice); });
  }
  template <typename Advice> event mem_advise(const void *pointer, std::size_t bytes, Advice advice, const event &dep) {
    return mem_advise(pointer, bytes, advice, std::vector<event>{dep});
  }
  // A command that waits for `deps` (all commands submitted so far if none), and that every
  // command submitted to the queue after it follows.
  event ext_oneapi_submit_barrier(const std::vector<event> &deps = {}) {
    return submit([&](handler &h) { h.ext_oneapi_barrier(deps); });
  }

  // The kernel shortcuts: a command group of one kernel after `deps` (SYCL 2020 4.6.5.2).
  template <typename KernelName = detail::auto_name, typename Functor>
  NCPU_ALWAYS_INLINE event single_task(const Functor &f) {
    return submit_kernel(detail::single_task_info<detail::kernel_name_t<KernelName, Functor>>(f), nullptr, &f,
                         nullptr, 0);
  }
  template <typename KernelName = detail::auto_name, typename Functor>
  NCPU_ALWAYS_INLINE event single_task(const event &dep, const Functor &f) {
    return submit_kernel(detail::single_task_info<detail::kernel_name_t<KernelName, Functor>>(f), nullptr, &f,
                         &dep, 1);
  }
  template <typename KernelName = detail::auto_name, typename Functor>
  NCPU_ALWAYS_INLINE event single_task(const std::vector<event> &deps, const Functor &f) {
    return submit_kernel(detail::single_task_info<detail::kernel_name_t<KernelName, Functor>>(f), nullptr, &f,
                         deps.data(), deps.size());
  }
  // With kernel properties, which shape nothing in a single work-item.
  template <typename KernelName = detail::auto_name, typename Properties, typename Functor,
            typename = std::enable_if_t<ext::oneapi::experimental::is_property_list_v<Properties>>>
  NCPU_ALWAYS_INLINE event single_task(Properties, const Functor &f) {
    return single_task<KernelName>(f);
  }
  template <typename KernelName = detail::auto_name, typename Properties, typename Functor,
            typename = std::enable_if_t<ext::oneapi::experimental::is_property_list_v<Properties>>>
  NCPU_ALWAYS_INLINE event single_task(const event &dep, Properties, const Functor &f) {
    return single_task<KernelName>(dep, f);
  }
  template <typename KernelName = detail::auto_name, typename Properties, typename Functor,
            typename = std::enable_if_t<ext::oneapi::experimental::is_property_list_v<Properties>>>
  NCPU_ALWAYS_INLINE event single_task(const std::vector<event> &deps, Properties, const Functor &f) {
    return single_task<KernelName>(deps, f);
  }

  // parallel_for over a range, an nd_range, or with reductions or kernel properties: everything
  // after the range goes to handler::parallel_for; a leading event or event list is waited for.
  template <typename KernelName = detail::auto_name, int Dims, typename... Rest>
  NCPU_ALWAYS_INLINE event parallel_for(range<Dims> extent, const Rest &...rest) {
    return parallel_for_impl<KernelName>(extent, rest...);
  }
  template <typename KernelName = detail::auto_name, int Dims, typename... Rest>
  NCPU_ALWAYS_INLINE event parallel_for(nd_range<Dims> ndr, const Rest &...rest) {
    return parallel_for_impl<KernelName>(ndr, rest...);
  }
  template <typename KernelName = detail::auto_name, typename... Rest>
  NCPU_ALWAYS_INLINE event parallel_for(std::size_t count, const Rest &...rest) {
    return parallel_for_impl<KernelName>(range<1>(count), rest...);
  }
  // A braced range, `parallel_for({n, m}, f)`, which the forms above cannot deduce.
  template <typename KernelName = detail::auto_name, typename... Rest>
  NCPU_ALWAYS_INLINE event parallel_for(range<2> extent, const Rest &...rest) {
    return parallel_for_impl<KernelName>(extent, rest...);
  }
  template <typename KernelName = detail::auto_name, typename... Rest>
  NCPU_ALWAYS_INLINE event parallel_for(range<3> extent, const Rest &...rest) {
    return parallel_for_impl<KernelName>(extent, rest...);
  }
  // The same with the events as a braced list, `q.parallel_for(r, {e1, e2}, f)`, which the
  // forms above cannot deduce.
  template <typename KernelName = detail::auto_name, int Dims, typename... Rest>
  NCPU_ALWAYS_INLINE event parallel_for(range<Dims> extent, const std::vector<event> &deps, const Rest &...rest) {
    return parallel_for_impl<KernelName>(extent, deps, rest...);
  }
  template <typename KernelName = detail::auto_name, int Dims, typename... Rest>
  NCPU_ALWAYS_INLINE event parallel_for(nd_range<Dims> ndr, const std::vector<event> &deps, const Rest &...rest) {
    return parallel_for_impl<KernelName>(ndr, deps, rest...);
  }
  template <typename KernelName = detail::auto_name, typename... Rest>
  NCPU_ALWAYS_INLINE event parallel_for(std::size_t count, const std::vector<event> &deps, const Rest &...rest) {
    return parallel_for_impl<KernelName>(range<1>(count), deps, rest...);
  }
  // A braced range with an event list: more specific than both forms it would be ambiguous
  // between.
  template <typename KernelName = detail::auto_name, typename... Rest>
  NCPU_ALWAYS_INLINE event parallel_for(range<2> extent, const std::vector<event> &deps, const Rest &...rest) {
    return parallel_for_impl<KernelName>(extent, deps, rest...);
  }
  template <typename KernelName = detail::auto_name, typename... Rest>
  NCPU_ALWAYS_INLINE event parallel_for(range<3> extent, const std::vector<event> &deps, const Rest &...rest) {
    return parallel_for_impl<KernelName>(extent, deps, rest...);
  }

  // The explicit-copy shortcuts with accessors (SYCL 2020 4.6.5.2): a command group that
  // requires the accessors (placeholders, as they are made without a handler) and copies.
  template <typename T, int Dims, access_mode Mode, target Target, access::placeholder P, typename U>
  event copy(accessor<T, Dims, Mode, Target, P> source, std::shared_ptr<U> destination) {
    return submit([&](handler &h) {
      h.require(source);
      h.copy(source, destination);
    });
  }
  template <typename T, int Dims, access_mode Mode, target Target, access::placeholder P, typename U>
  event copy(std::shared_ptr<U> source, accessor<T, Dims, Mode, Target, P> destination) {
    return submit([&](handler &h) {
      h.require(destination);
      h.copy(source, destination);
    });
  }
  template <typename T, int Dims, access_mode Mode, target Target, access::placeholder P, typename U>
  event copy(accessor<T, Dims, Mode, Target, P> source, U *destination) {
    return submit([&](handler &h) {
      h.require(source);
      h.copy(source, destination);
    });
  }
  template <typename T, int Dims, access_mode Mode, target Target, access::placeholder P, typename U>
  event copy(const U *source, accessor<T, Dims, Mode, Target, P> destination) {
    return submit([&](handler &h) {
      h.require(destination);
      h.copy(source, destination);
    });
  }
  template <typename T, int Dims, access_mode M1, target T1, access::placeholder P1, typename U, access_mode M2,
            target T2, access::placeholder P2>
  event copy(accessor<T, Dims, M1, T1, P1> source, accessor<U, Dims, M2, T2, P2> destination) {
    return submit([&](handler &h) {
      h.require(source);
      h.require(destination);
      h.copy(source, destination);
    });
  }
  template <typename T, int Dims, access_mode Mode, target Target, access::placeholder P>
  event fill(accessor<T, Dims, Mode, Target, P> destination, const T &value) {
    return submit([&](handler &h) {
      h.require(destination);
      h.fill(destination, value);
    });
  }
  template <typename T, int Dims, access_mode Mode, target Target, access::placeholder P>
  event update_host(accessor<T, Dims, Mode, Target, P> source) {
    return submit([&](handler &h) {
      h.require(source);
      h.update_host(source);
    });
  }

  // sycl_ext_oneapi_graph (defined in ext/oneapi/experimental/graph.hpp).
  ext::oneapi::experimental::queue_state ext_oneapi_get_state() const;
  ext::oneapi::experimental::command_graph<ext::oneapi::experimental::graph_state::modifiable>
  ext_oneapi_get_graph() const;
  event ext_oneapi_graph(ext::oneapi::experimental::command_graph<ext::oneapi::experimental::graph_state::executable> &graph);
  event ext_oneapi_graph(ext::oneapi::experimental::command_graph<ext::oneapi::experimental::graph_state::executable> &graph,
                         event dependency);
  event ext_oneapi_graph(ext::oneapi::experimental::command_graph<ext::oneapi::experimental::graph_state::executable> &graph,
                         const std::vector<event> &dependencies);

private:
  friend struct detail::graph_access;
  static std::shared_ptr<detail::queue_state> make_state(const property_list &props,
                                                         std::shared_ptr<const async_handler> handler) {
    auto state = std::make_shared<detail::queue_state>();
    state->in_order = props.has_property<property::queue::in_order>();
    state->profiling = props.has_property<property::queue::enable_profiling>();
    state->handler = std::move(handler);
    return state;
  }

  // A command group of the one command `command` puts in the handler, after `deps` (the
  // shortcuts).
  template <typename Command> event submit_after(const std::vector<event> &deps, const Command &command) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      command(h);
    });
  }

  // The type-erased submit path (docs/compile-cost.md): compiled once, whatever the command
  // group, and never inlined into its callers.
  [[gnu::noinline]] event submit_command_group(void (*call)(void *, handler &), void *command_group) {
    handler h;
    {
      const detail::command_group_scope running(h);
      call(command_group, h);
    }
    if (h.barrier_ == handler::barrier_wait::all_earlier && !recorder()) h.depends_on(pending());
    return submit_handler(h, h.barrier_ != handler::barrier_wait::none);
  }
  // A command group of the kernel `info` over `*range` (see handler::submit_kernel) after the
  // `dep_count` events at `deps`: the queue's kernel shortcuts.
  [[gnu::noinline]] event submit_kernel(const detail::kernel_info &info, const void *range, const void *functor,
                                      const event *deps, std::size_t dep_count) {
    handler h;
    for (std::size_t i = 0; i < dep_count; ++i) h.depends_on(deps[i]);
    h.submit_kernel(info, range, nullptr, functor);
    return submit_handler(h, false);
  }
  // Finds the command's dependencies and records it as its buffers' latest command in one step,
  // holding the buffers' trackers and the queue (detail/scheduler.hpp).
  event submit_handler(handler &h, bool is_barrier) {
    if (auto graph = recorder_for(h)) return record(*graph, h, is_barrier);
    std::function<void()> work = h.take_command();
    std::vector<detail::event_ptr> dependencies = std::move(h.dependencies_);
    detail::tracker_locks trackers(h.tracked_accesses());
    std::lock_guard<std::mutex> lock(state_->mutex);
    trackers.add_dependencies(dependencies);
    state_->add_ordering(dependencies);
    detail::event_ptr command =
        h.graph_launch_.submit
            ? h.graph_launch_.submit(h.graph_launch_.graph.get(), dependencies, state_->profiling, state_->handler)
        : h.is_no_op() && dependencies.empty()
            ? std::make_shared<detail::event_state>(state_->profiling, state_->handler)
            : detail::submit_command(std::move(work), dependencies, state_->profiling, state_->handler);
    trackers.record(command);
    state_->last = command;
    if (is_barrier) state_->barrier = command;
    if (state_->submitted.size() >= detail::queue_state::sort_threshold) state_->sort_finished();
    state_->submitted.push_back(command);
    return event(command);
  }

  // The command graph the queue records into, if any.
  std::shared_ptr<detail::graph_recorder> recorder() const {
    std::lock_guard<std::mutex> lock(state_->mutex);
    return state_->recorder.lock();
  }
  // The graph `h` is recorded into: the queue's, or the one that recorded an event `h` depends
  // on, which makes the queue record too (sycl_ext_oneapi_graph, "Transitive Queue Recording").
  std::shared_ptr<detail::graph_recorder> recorder_for(const handler &h) {
    if (auto graph = recorder()) return graph;
    for (const auto &dependency : h.dependencies_)
      if (auto graph = dependency->recorded() ? dependency->recorded_in().lock() : nullptr) {
        graph->record_queue(state_);
        return graph;
      }
    return nullptr;
  }
  // Adds `h` to `graph` as a node after the queue's previous node (in order) and barrier.
  event record(detail::graph_recorder &graph, handler &h, bool is_barrier) {
    std::vector<detail::event_ptr> after = std::move(h.dependencies_);
    {
      std::lock_guard<std::mutex> lock(state_->mutex);
      state_->add_ordering(after);
    }
    detail::event_ptr node =
        graph.record(h, std::move(after), state_.get(), h.barrier_ == handler::barrier_wait::all_earlier);
    std::lock_guard<std::mutex> lock(state_->mutex);
    state_->last = node;
    if (is_barrier) state_->barrier = node;
    return event(node);
  }

  std::vector<event> pending() {
    std::lock_guard<std::mutex> lock(state_->mutex);
    std::vector<event> events;
    for (const auto &command : state_->submitted) events.emplace_back(command);
    return events;
  }

  // A kernel alone, or after events, goes the shortest way; reductions, kernel properties and
  // offsets go through the handler.
  template <typename KernelName, typename Range, typename First, typename... Rest>
  NCPU_ALWAYS_INLINE event parallel_for_impl(const Range &r, const First &first, const Rest &...rest) {
    if constexpr (sizeof...(Rest) == 0) {
      return submit_kernel(detail::parallel_for_info<KernelName>(r, first), &r, &first, nullptr, 0);
    } else if constexpr (sizeof...(Rest) == 1 && std::is_same_v<First, event>) {
      return submit_kernel(detail::parallel_for_info<KernelName>(r, rest...), &r, &rest..., &first, 1);
    } else if constexpr (sizeof...(Rest) == 1 && std::is_same_v<First, std::vector<event>>) {
      return submit_kernel(detail::parallel_for_info<KernelName>(r, rest...), &r, &rest..., first.data(),
                           first.size());
    } else if constexpr (std::is_same_v<First, event> || std::is_same_v<First, std::vector<event>>) {
      return submit([&](handler &h) {
        h.depends_on(first);
        h.parallel_for<KernelName>(r, rest...);
      });
    } else {
      return submit([&](handler &h) { h.parallel_for<KernelName>(r, first, rest...); });
    }
  }

  device device_;
  context context_ = platform().ext_oneapi_get_default_context();
  std::shared_ptr<detail::queue_state> state_;
};

inline void *malloc_device(std::size_t bytes, const queue &q, const property_list &props) {
  return malloc_device(bytes, q.get_device(), q.get_context(), props);
}
inline void *malloc_host(std::size_t bytes, const queue &q,
    const property_list &props) { return malloc_host(bytes, q.get_context(), props); }
inline void *malloc_shared(std::size_t bytes, const queue &q, const property_list &props) {
  return malloc_shared(bytes, q.get_device(), q.get_context(), props);
}
inline void *malloc(std::size_t bytes, const queue &q, usm::alloc kind, const property_list &props) {
  return malloc(bytes, q.get_device(), q.get_context(), kind, props);
}
inline void *aligned_alloc_device(std::size_t alignment, std::size_t bytes, const queue &q,
    const property_list &props) {
  return aligned_alloc_device(alignment, bytes, q.get_device(), q.get_context(), props);
}
inline void *aligned_alloc_host(std::size_t alignment, std::size_t bytes, const queue &q,
    const property_list &props) {
  return aligned_alloc_host(alignment, bytes, q.get_context(), props);
}
inline void *aligned_alloc_shared(std::size_t alignment, std::size_t bytes, const queue &q,
    const property_list &props) {
  return aligned_alloc_shared(alignment, bytes, q.get_device(), q.get_context(), props);
}
inline void *aligned_alloc(std::size_t alignment, std::size_t bytes, const queue &q, usm::alloc kind,
    const property_list &props) {
  return aligned_alloc(alignment, bytes, q.get_device(), q.get_context(), kind, props);
}
// Waits for the queue's commands first, as before free(ptr, context) released memory only after
// every queue's commands (usm.hpp): programs may count on the queue being idle after it. Not
// from inside a command (a host task), which would wait for itself.
inline void free(void *ptr, const queue &q) {
  if (!detail::running_command()) queue(q).wait();
  free(ptr, q.get_context());
}

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::queue> {
  std::size_t operator()(const sycl::queue &q) const noexcept { return std::hash<const void *>()(q.identity()); }
};
