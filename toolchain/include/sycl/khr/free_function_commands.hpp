// <sycl/khr/free_function_commands.hpp>: the Khronos sycl_khr_free_function_commands extension
// as the SYCL-CTS and DPC++ have it: free functions that submit one command, to a queue without
// making an event (submit_tracked is the one that returns it) or inside a command group. Each is
// DPC++'s enqueue function of the same effect, or the queue's or the handler's own member
// function; a queue form with accessors submits a command group of the handler form, binding
// the accessors it is given (which may be placeholders).
//
// The launch functions take range<1>, range<2> and range<3> as separate overloads, as the
// extension declares them, so that a braced or integer range converts.
#pragma once

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include "../ext/oneapi/experimental/enqueue_functions.hpp"
#include "../handler.hpp"
#include "../queue.hpp"

#define SYCL_KHR_FREE_FUNCTION_COMMANDS 1

namespace sycl {
inline namespace _V1 {
namespace khr {

template <typename CommandGroup> void submit(queue q, CommandGroup &&command_group) {
  q.submit(std::forward<CommandGroup>(command_group));
}
template <typename CommandGroup> event submit_tracked(queue q, CommandGroup &&command_group) {
  return q.submit(std::forward<CommandGroup>(command_group));
}

// The kernel launches of one dimensionality. A kernel function over a range (with reductions
// for launch_reduce), or over a range in work-groups of `size` (launch_grouped), is DPC++'s
// enqueue functions' parallel_for or nd_launch, which take the kernel before its reductions as
// these do; a kernel object takes its arguments first.
#define NCPU_KHR_LAUNCHES(D)                                                                            \
  template <typename Kernel> void launch(handler &h, range<D> r, const Kernel &k) {                   \
    ext::oneapi::experimental::parallel_for(h, r, k);                                                 \
  }                                                                                                   \
  template <typename Kernel> void launch(queue q, range<D> r, const Kernel &k) {                       \
    ext::oneapi::experimental::parallel_for(q, r, k);                                                 \
  }                                                                                                   \
  template <typename... Args> void launch(handler &h, range<D> r, const kernel &k, Args &&...args) {   \
    h.set_args(std::forward<Args>(args)...);                                                          \
    h.parallel_for(r, k);                                                                             \
  }                                                                                                   \
  template <typename... Args> void launch(queue q, range<D> r, const kernel &k, Args &&...args) {      \
    q.submit([&](handler &h) { launch(h, r, k, std::forward<Args>(args)...); });                      \
  }                                                                                                   \
  template <typename Kernel, typename... Reductions>                                                  \
  void launch_reduce(handler &h, range<D> r, const Kernel &k, Reductions &&...reductions) {           \
    ext::oneapi::experimental::parallel_for(h, r, k, std::forward<Reductions>(reductions)...);        \
  }                                                                                                   \
  template <typename Kernel, typename... Reductions>                                                  \
  void launch_reduce(queue q, range<D> r, const Kernel &k, Reductions &&...reductions) {              \
    ext::oneapi::experimental::parallel_for(q, r, k, std::forward<Reductions>(reductions)...);        \
  }                                                                                                   \
  template <typename Kernel> void launch_grouped(handler &h, range<D> r, range<D> size, const Kernel &k) { \
    ext::oneapi::experimental::nd_launch(h, nd_range<D>(r, size), k);                                 \
  }                                                                                                   \
  template <typename Kernel> void launch_grouped(queue q, range<D> r, range<D> size, const Kernel &k) { \
    ext::oneapi::experimental::nd_launch(q, nd_range<D>(r, size), k);                                 \
  }                                                                                                   \
  template <typename... Args>                                                                         \
  void launch_grouped(handler &h, range<D> r, range<D> size, const kernel &k, Args &&...args) {       \
    h.set_args(std::forward<Args>(args)...);                                                          \
    h.parallel_for(nd_range<D>(r, size), k);                                                          \
  }                                                                                                   \
  template <typename... Args>                                                                         \
  void launch_grouped(queue q, range<D> r, range<D> size, const kernel &k, Args &&...args) {          \
    q.submit([&](handler &h) { launch_grouped(h, r, size, k, std::forward<Args>(args)...); });        \
  }                                                                                                   \
  template <typename Kernel, typename... Reductions>                                                  \
  void launch_grouped_reduce(handler &h, range<D> r, range<D> size, const Kernel &k,                  \
                             Reductions &&...reductions) {                                            \
    ext::oneapi::experimental::nd_launch(h, nd_range<D>(r, size), k, std::forward<Reductions>(reductions)...); \
  }                                                                                                   \
  template <typename Kernel, typename... Reductions>                                                  \
  void launch_grouped_reduce(queue q, range<D> r, range<D> size, const Kernel &k,                     \
                             Reductions &&...reductions) {                                            \
    ext::oneapi::experimental::nd_launch(q, nd_range<D>(r, size), k, std::forward<Reductions>(reductions)...); \
  }
NCPU_KHR_LAUNCHES(1)
NCPU_KHR_LAUNCHES(2)
NCPU_KHR_LAUNCHES(3)
#undef NCPU_KHR_LAUNCHES

template <typename Kernel> void launch_task(handler &h, const Kernel &k) { h.single_task(k); }
template <typename Kernel> void launch_task(queue q, const Kernel &k) {
  q.submit([&](handler &h) { h.single_task(k); });
}
template <typename... Args> void launch_task(handler &h, const kernel &k, Args &&...args) {
  h.set_args(std::forward<Args>(args)...);
  h.single_task(k);
}
template <typename... Args> void launch_task(queue q, const kernel &k, Args &&...args) {
  q.submit([&](handler &h) { launch_task(h, k, std::forward<Args>(args)...); });
}

// The USM memory commands are DPC++'s enqueue functions' (same forms, same effects).
using ext::oneapi::experimental::copy;
using ext::oneapi::experimental::fill;
using ext::oneapi::experimental::mem_advise;
using ext::oneapi::experimental::memcpy;
using ext::oneapi::experimental::memset;
using ext::oneapi::experimental::prefetch;

// Buffer commands, through device accessors.
namespace detail {
template <typename T, int Dims, access_mode Mode>
using device_accessor = accessor<T, Dims, Mode, target::device, access::placeholder::false_t>;
template <typename T> inline constexpr bool is_device_accessor_v = false;
template <typename T, int Dims, access_mode Mode>
inline constexpr bool is_device_accessor_v<device_accessor<T, Dims, Mode>> = true;
} // namespace detail

template <typename SourceT, typename T, int Dims, access_mode Mode>
void copy(handler &h, const SourceT *source, detail::device_accessor<T, Dims, Mode> destination) {
  h.copy(source, destination);
}
template <typename SourceT, typename T, int Dims, access_mode Mode>
void copy(handler &h, std::shared_ptr<SourceT> source, detail::device_accessor<T, Dims, Mode> destination) {
  h.copy(source, destination);
}
template <typename T, int Dims, access_mode Mode, typename DestinationT>
void copy(handler &h, detail::device_accessor<T, Dims, Mode> source, DestinationT *destination) {
  h.copy(source, destination);
}
template <typename T, int Dims, access_mode Mode, typename DestinationT>
void copy(handler &h, detail::device_accessor<T, Dims, Mode> source, std::shared_ptr<DestinationT> destination) {
  h.copy(source, destination);
}
template <typename T, int Dims, access_mode Mode, typename U, int DestinationDims, access_mode DestinationMode>
void copy(handler &h, detail::device_accessor<T, Dims, Mode> source, detail::device_accessor<U, DestinationDims, DestinationMode> destination) {
  h.copy(source, destination);
}
template <typename Source, typename Destination> void copy(queue q, Source source, Destination destination) {
  q.submit([&](handler &h) {
    if constexpr (detail::is_device_accessor_v<Source>) h.require(source);
    if constexpr (detail::is_device_accessor_v<Destination>) h.require(destination);
    copy(h, source, destination);
  });
}
template <typename T, int Dims, access_mode Mode>
void fill(handler &h, detail::device_accessor<T, Dims, Mode> destination, const T &value) {
  h.fill(destination, value);
}
template <typename T, int Dims, access_mode Mode>
void fill(queue q, detail::device_accessor<T, Dims, Mode> destination, const T &value) {
  q.submit([&](handler &h) {
    h.require(destination);
    h.fill(destination, value);
  });
}
template <typename T, int Dims, access_mode Mode> void update_host(handler &h, detail::device_accessor<T, Dims, Mode> source) {
  h.update_host(source);
}
template <typename T, int Dims, access_mode Mode> void update_host(queue q, detail::device_accessor<T, Dims, Mode> source) {
  q.submit([&](handler &h) {
    h.require(source);
    h.update_host(source);
  });
}

// Barriers: the commands submitted after one wait for every command submitted before it
// (command_barrier) or for `events` (event_barrier), as the enqueue functions' barrier and
// partial_barrier.
inline void command_barrier(handler &h) { h.ext_oneapi_barrier(); }
inline void command_barrier(queue q) { ext::oneapi::experimental::barrier(q); }
// An empty list waits for nothing: the handler's own empty list means every earlier command,
// and a null event adds no dependency.
inline void event_barrier(handler &h, const std::vector<event> &events) {
  h.ext_oneapi_barrier(events.empty() ? std::vector<event>{event()} : events);
}
inline void event_barrier(queue q, const std::vector<event> &events) {
  ext::oneapi::experimental::partial_barrier(q, events);
}

} // namespace khr
} // namespace _V1
} // namespace sycl
