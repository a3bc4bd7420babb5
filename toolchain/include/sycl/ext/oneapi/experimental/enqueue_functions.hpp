// <sycl/ext/oneapi/experimental/enqueue_functions.hpp>: DPC++'s sycl_ext_oneapi_enqueue_functions,
// free functions that enqueue commands without returning events: submit, single_task,
// parallel_for and nd_launch (with a range, an nd_range or a launch_config), the USM memory
// commands, barrier and partial_barrier, each on a queue or in a handler. They are the queue's and
// the handler's own member functions underneath; the events they drop are never waited on.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "../../../handler.hpp"
#include "../../../queue.hpp"
#include "../properties.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

// A kernel launch's range (range or nd_range) with the launch's properties.
template <typename Range, typename Properties = empty_properties_t> class launch_config {
public:
  launch_config(Range range, Properties properties = {}) : range_(range), properties_(properties) {}

  const Range &get_range() const { return range_; }
  const Properties &get_properties() const { return properties_; }

private:
  Range range_;
  Properties properties_;
};

template <typename Range> launch_config(Range) -> launch_config<Range, empty_properties_t>;
template <typename Range, typename Properties>
launch_config(Range, Properties) -> launch_config<Range, Properties>;

template <typename CommandGroup> void submit(queue q, CommandGroup &&command_group) {
  q.submit(std::forward<CommandGroup>(command_group));
}
template <typename Properties, typename CommandGroup,
          typename = std::enable_if_t<is_property_list_v<Properties>>>
void submit(queue q, Properties, CommandGroup &&command_group) {
  q.submit(std::forward<CommandGroup>(command_group));
}
template <typename CommandGroup> event submit_with_event(queue q, CommandGroup &&command_group) {
  return q.submit(std::forward<CommandGroup>(command_group));
}
template <typename Properties, typename CommandGroup,
          typename = std::enable_if_t<is_property_list_v<Properties>>>
event submit_with_event(queue q, Properties, CommandGroup &&command_group) {
  return q.submit(std::forward<CommandGroup>(command_group));
}

template <typename KernelName = sycl::detail::auto_name, typename Kernel>
void single_task(handler &h, const Kernel &kernel) {
  h.single_task<KernelName>(kernel);
}
template <typename KernelName = sycl::detail::auto_name, typename Kernel>
void single_task(queue q, const Kernel &kernel) {
  q.submit([&](handler &h) { h.single_task<KernelName>(kernel); });
}

// The kernel launches take the kernel before its reductions (the handler takes them after).
template <typename KernelName = sycl::detail::auto_name, int Dims, typename Kernel, typename... Reductions>
void parallel_for(handler &h, range<Dims> extent, const Kernel &kernel, Reductions &&...reductions) {
  h.parallel_for<KernelName>(extent, std::forward<Reductions>(reductions)..., kernel);
}
template <typename KernelName = sycl::detail::auto_name, int Dims, typename Kernel, typename... Reductions>
void parallel_for(queue q, range<Dims> extent, const Kernel &kernel, Reductions &&...reductions) {
  q.submit([&](handler &h) { parallel_for<KernelName>(h, extent, kernel, std::forward<Reductions>(reductions)...); });
}
// A range launch applies the configuration's kernel properties as the handler's property form
// does (work_group_size shapes the work-groups the runtime chooses).
template <typename KernelName = sycl::detail::auto_name, int Dims, typename Properties, typename Kernel,
          typename... Reductions>
void parallel_for(handler &h, launch_config<range<Dims>, Properties> config, const Kernel &kernel,
                  Reductions &&...reductions) {
  static_assert(!Properties::template has_property<work_group_scratch_size_key>(),
                "work_group_scratch_size needs an nd_range launch: a range has no work-groups");
  if constexpr (std::is_same_v<Properties, empty_properties_t>)
    h.parallel_for<KernelName>(config.get_range(), std::forward<Reductions>(reductions)..., kernel);
  else
    h.parallel_for<KernelName>(config.get_range(), config.get_properties(), std::forward<Reductions>(reductions)...,
                               kernel);
}
template <typename KernelName = sycl::detail::auto_name, int Dims, typename Properties, typename Kernel,
          typename... Reductions>
void parallel_for(queue q, launch_config<range<Dims>, Properties> config, const Kernel &kernel,
                  Reductions &&...reductions) {
  q.submit([&](handler &h) { parallel_for<KernelName>(h, config, kernel, std::forward<Reductions>(reductions)...); });
}

template <typename KernelName = sycl::detail::auto_name, int Dims, typename Kernel, typename... Reductions>
void nd_launch(handler &h, nd_range<Dims> launch, const Kernel &kernel, Reductions &&...reductions) {
  h.parallel_for<KernelName>(launch, std::forward<Reductions>(reductions)..., kernel);
}
template <typename KernelName = sycl::detail::auto_name, int Dims, typename Kernel, typename... Reductions>
void nd_launch(queue q, nd_range<Dims> launch, const Kernel &kernel, Reductions &&...reductions) {
  q.submit([&](handler &h) { nd_launch<KernelName>(h, launch, kernel, std::forward<Reductions>(reductions)...); });
}
// An nd_range launch applies the configuration's kernel properties (work_group_size,
// sub_group_size) as the handler's property form does.
template <typename KernelName = sycl::detail::auto_name, int Dims, typename Properties, typename Kernel,
          typename... Reductions>
void nd_launch(handler &h, launch_config<nd_range<Dims>, Properties> config, const Kernel &kernel,
               Reductions &&...reductions) {
  if constexpr (std::is_same_v<Properties, empty_properties_t>)
    h.parallel_for<KernelName>(config.get_range(), std::forward<Reductions>(reductions)..., kernel);
  else
    h.parallel_for<KernelName>(config.get_range(), config.get_properties(), std::forward<Reductions>(reductions)...,
                               kernel);
}
template <typename KernelName = sycl::detail::auto_name, int Dims, typename Properties, typename Kernel,
          typename... Reductions>
void nd_launch(queue q, launch_config<nd_range<Dims>, Properties> config, const Kernel &kernel,
               Reductions &&...reductions) {
  q.submit([&](handler &h) { nd_launch<KernelName>(h, config, kernel, std::forward<Reductions>(reductions)...); });
}

// Kernel objects (free function kernels, captureless lambdas): `args` become the kernel's
// arguments (set_args) and the kernel runs as the handler's kernel-object forms run it; a
// launch_config's work_group_scratch_size is reserved, its kernel properties are not applied.
namespace detail {
// Sets the kernel object's arguments, then runs it over `launch` (a range or an nd_range).
template <typename Launch, typename... Args>
void run_kernel_object(handler &h, const Launch &launch, const kernel &k, Args &&...args) {
  h.set_args(std::forward<Args>(args)...);
  h.parallel_for(launch, k);
}
} // namespace detail

template <typename... Args> void single_task(handler &h, const kernel &k, Args &&...args) {
  h.set_args(std::forward<Args>(args)...);
  h.single_task(k);
}
template <typename... Args> void single_task(queue q, const kernel &k, Args &&...args) {
  q.submit([&](handler &h) { single_task(h, k, std::forward<Args>(args)...); });
}
template <int Dims, typename... Args> void parallel_for(handler &h, range<Dims> extent, const kernel &k, Args &&...args) {
  detail::run_kernel_object(h, extent, k, std::forward<Args>(args)...);
}
template <int Dims, typename... Args> void parallel_for(queue q, range<Dims> extent, const kernel &k, Args &&...args) {
  q.submit([&](handler &h) { parallel_for(h, extent, k, std::forward<Args>(args)...); });
}
template <int Dims, typename Properties, typename... Args>
void parallel_for(handler &h, launch_config<range<Dims>, Properties> config, const kernel &k, Args &&...args) {
  static_assert(!Properties::template has_property<work_group_scratch_size_key>(),
                "work_group_scratch_size needs an nd_range launch: a range has no work-groups");
  parallel_for(h, config.get_range(), k, std::forward<Args>(args)...);
}
template <int Dims, typename Properties, typename... Args>
void parallel_for(queue q, launch_config<range<Dims>, Properties> config, const kernel &k, Args &&...args) {
  q.submit([&](handler &h) { parallel_for(h, config, k, std::forward<Args>(args)...); });
}
template <int Dims, typename... Args> void nd_launch(handler &h, nd_range<Dims> launch, const kernel &k, Args &&...args) {
  detail::run_kernel_object(h, launch, k, std::forward<Args>(args)...);
}
template <int Dims, typename... Args> void nd_launch(queue q, nd_range<Dims> launch, const kernel &k, Args &&...args) {
  q.submit([&](handler &h) { nd_launch(h, launch, k, std::forward<Args>(args)...); });
}
template <int Dims, typename Properties, typename... Args>
void nd_launch(handler &h, launch_config<nd_range<Dims>, Properties> config, const kernel &k, Args &&...args) {
  h.set_args(std::forward<Args>(args)...);
  h.parallel_for(config.get_range(), config.get_properties(), k);
}
template <int Dims, typename Properties, typename... Args>
void nd_launch(queue q, launch_config<nd_range<Dims>, Properties> config, const kernel &k, Args &&...args) {
  q.submit([&](handler &h) { nd_launch(h, config, k, std::forward<Args>(args)...); });
}

inline void memcpy(handler &h, void *destination, const void *source, std::size_t bytes) {
  h.memcpy(destination, source, bytes);
}
inline void memcpy(queue q, void *destination, const void *source, std::size_t bytes) {
  q.submit([&](handler &h) { h.memcpy(destination, source, bytes); });
}
template <typename T> void copy(handler &h, const T *source, T *destination, std::size_t count) {
  h.copy(source, destination, count);
}
template <typename T> void copy(queue q, const T *source, T *destination, std::size_t count) {
  q.submit([&](handler &h) { h.copy(source, destination, count); });
}
inline void memset(handler &h, void *pointer, int value, std::size_t bytes) {
  h.memset(pointer, value, bytes);
}
inline void memset(queue q, void *pointer, int value, std::size_t bytes) {
  q.submit([&](handler &h) { h.memset(pointer, value, bytes); });
}
template <typename T> void fill(handler &h, T *pointer, const T &pattern, std::size_t count) {
  h.fill(pointer, pattern, count);
}
template <typename T> void fill(queue q, T *pointer, const T &pattern, std::size_t count) {
  q.submit([&](handler &h) { h.fill(pointer, pattern, count); });
}
// Where a prefetch brings the memory: to the device (the default) or back to the host. Both are
// the same memory here, so either is handler::prefetch's hint.
enum class prefetch_type { device, host };
inline void prefetch(handler &h, void *pointer, std::size_t bytes, prefetch_type = prefetch_type::device) {
  h.prefetch(pointer, bytes);
}
inline void prefetch(queue q, void *pointer, std::size_t bytes, prefetch_type type = prefetch_type::device) {
  q.submit([&](handler &h) { prefetch(h, pointer, bytes, type); });
}
inline void mem_advise(handler &h, void *pointer, std::size_t bytes, int advice) {
  h.mem_advise(pointer, bytes, advice);
}
inline void mem_advise(queue q, void *pointer, std::size_t bytes, int advice) {
  q.submit([&](handler &h) { h.mem_advise(pointer, bytes, advice); });
}

// A barrier: the commands submitted after it wait for every command submitted before it (or,
// for partial_barrier, for `events`).
inline void barrier(queue q) { q.ext_oneapi_submit_barrier(); }
inline void partial_barrier(queue q, const std::vector<event> &events) {
  q.ext_oneapi_submit_barrier(events.empty() ? std::vector<event>{event()} : events);
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
