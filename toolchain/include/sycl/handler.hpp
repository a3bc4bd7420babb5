// sycl::handler: records the one command of a command group (SYCL 2020 section 4.9.4). The
// queue runs the command once the command-group function returns.
#pragma once

#include <cstddef>
#include <cstring>
#include <functional>
#include <type_traits>
#include <vector>

#include <nativecpu/runtime.h>

#include "accessor.hpp"
#include "detail/defines.hpp"
#include "detail/kernel_entry.hpp"
#include "event.hpp"
#include "exception.hpp"
#include "range.hpp"

namespace sycl {
inline namespace _V1 {

namespace detail {

template <typename KernelName, typename Functor>
using kernel_name_t = std::conditional_t<std::is_same_v<KernelName, auto_name>, Functor, KernelName>;

// Runs a kernel over `global` items (device order: x first) through the runtime.
inline void launch(const char *name, unsigned dims, const std::size_t (&global)[3],
                   const std::size_t (&offset)[3], void *functor) {
  __nativecpu_launch_info launch{};
  launch.dims = dims;
  for (int i = 0; i < 3; ++i) {
    launch.global_size[i] = global[i];
    launch.global_offset[i] = offset[i];
  }
  void *args[1] = {functor};
  launch.args = args;
  launch.num_args = 1;
  if (__nativecpu_launch(name, &launch) != 0)
    throw exception(make_error_code(errc::runtime), __nativecpu_last_error());
}

// SYCL orders dimensions slowest first; the device orders them x (fastest) first.
template <int Dims>
void launch_range(const char *name, const range<Dims> &extent, const id<Dims> &offset, void *functor) {
  if (extent.size() == 0) return;
  std::size_t global[3] = {1, 1, 1};
  std::size_t device_offset[3] = {0, 0, 0};
  for (int i = 0; i < Dims; ++i) {
    global[Dims - 1 - i] = extent[i];
    device_offset[Dims - 1 - i] = offset[i];
  }
  launch(name, Dims, global, device_offset, functor);
}

} // namespace detail

class handler {
public:
  handler(const handler &) = delete;
  handler &operator=(const handler &) = delete;

  template <typename KernelName = detail::auto_name, typename Functor> void single_task(const Functor &f) {
    using Name = detail::kernel_name_t<KernelName, Functor>;
#ifdef __SYCL_DEVICE_ONLY__
    detail::single_task_kernel<Name>(f);
#else
    set_command([f] {
      Functor copy = f;
      const std::size_t one[3] = {1, 1, 1}, zero[3] = {0, 0, 0};
      detail::launch(detail::kernel_name<Name>(), 1, one, zero, &copy);
    });
#endif
  }

  template <typename KernelName = detail::auto_name, int Dims, typename Functor>
  void parallel_for(range<Dims> extent, const Functor &f) {
    parallel_for<KernelName>(extent, id<Dims>(), f);
  }

  template <typename KernelName = detail::auto_name, int Dims, typename Functor>
  void parallel_for(range<Dims> extent, id<Dims> offset, const Functor &f) {
    using Name = detail::kernel_name_t<KernelName, Functor>;
#ifdef __SYCL_DEVICE_ONLY__
    (void)extent;
    (void)offset;
    detail::range_kernel<Name, Dims>(f);
#else
    set_command([extent, offset, f] {
      Functor copy = f;
      detail::launch_range(detail::kernel_name<Name>(), extent, offset, &copy);
    });
#endif
  }

  template <typename KernelName = detail::auto_name, typename Functor>
  void parallel_for(std::size_t count, const Functor &f) {
    parallel_for<KernelName>(range<1>(count), f);
  }

  void memcpy(void *destination, const void *source, std::size_t bytes) {
    set_command([=] {
      if (bytes != 0) std::memcpy(destination, source, bytes);
    });
  }
  template <typename T> void copy(const T *source, T *destination, std::size_t count) {
    memcpy(destination, source, count * sizeof(T));
  }
  void memset(void *pointer, int value, std::size_t bytes) {
    set_command([=] {
      if (bytes != 0) std::memset(pointer, value, bytes);
    });
  }
  template <typename T> void fill(void *pointer, const T &pattern, std::size_t count) {
    set_command([=] {
      T *typed = static_cast<T *>(pointer);
      for (std::size_t i = 0; i < count; ++i) typed[i] = pattern;
    });
  }

  // Every command completes before the next is submitted in this slice: dependencies hold.
  void depends_on(const event &) {}
  void depends_on(const std::vector<event> &) {}
  template <typename DataT, int Dims, access_mode Mode, target Target, access::placeholder P>
  void require(accessor<DataT, Dims, Mode, Target, P>) {}

private:
  friend class queue;
  handler() = default;

  void set_command(std::function<void()> command) {
    if (command_)
      throw exception(make_error_code(errc::invalid), "a command group may contain only one command");
    command_ = std::move(command);
  }
  void run() {
    if (command_) command_();
  }

  std::function<void()> command_;
};

} // namespace _V1
} // namespace sycl
