// sycl::queue (SYCL 2020 section 4.6.5). Command groups run to completion, in submission order,
// when submitted; errors are thrown synchronously as sycl::exception.
#pragma once

#include <cstddef>
#include <cstring>
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

class queue {
public:
  explicit queue(const property_list &props = {}) : in_order_(props.has_property<property::queue::in_order>()) {}
  explicit queue(const async_handler &, const property_list &props = {}) : queue(props) {}
  template <typename Selector, typename = std::enable_if_t<std::is_invocable_r_v<int, const Selector &, const device &>>>
  explicit queue(const Selector &selector, const property_list &props = {}) : queue(props) {
    device_ = device(selector);
  }
  template <typename Selector, typename = std::enable_if_t<std::is_invocable_r_v<int, const Selector &, const device &>>>
  queue(const Selector &selector, const async_handler &, const property_list &props = {}) : queue(selector, props) {}
  explicit queue(const device &d, const property_list &props = {}) : queue(props) { device_ = d; }
  queue(const device &d, const async_handler &, const property_list &props = {}) : queue(d, props) {}
  queue(const context &c, const device &d, const property_list &props = {}) : queue(d, props) { context_ = c; }

  device get_device() const { return device_; }
  context get_context() const { return context_; }
  bool is_in_order() const { return in_order_; }
  backend get_backend() const noexcept { return backend::native_cpu; }

  template <typename CommandGroup> event submit(CommandGroup command_group) {
    handler h;
    command_group(h);
    h.run();
    return event();
  }

  void wait() {}
  void wait_and_throw() {}
  void throw_asynchronous() {}

  event memcpy(void *destination, const void *source, std::size_t bytes) {
    return submit([&](handler &h) { h.memcpy(destination, source, bytes); });
  }
  event memcpy(void *destination, const void *source, std::size_t bytes, const event &) {
    return memcpy(destination, source, bytes);
  }
  event memcpy(void *destination, const void *source, std::size_t bytes, const std::vector<event> &) {
    return memcpy(destination, source, bytes);
  }
  template <typename T> event copy(const T *source, T *destination, std::size_t count) {
    return memcpy(destination, source, count * sizeof(T));
  }
  event memset(void *pointer, int value, std::size_t bytes) {
    return submit([&](handler &h) { h.memset(pointer, value, bytes); });
  }
  template <typename T> event fill(void *pointer, const T &pattern, std::size_t count) {
    return submit([&](handler &h) { h.fill(pointer, pattern, count); });
  }

  template <typename KernelName = detail::auto_name, typename Functor> event single_task(const Functor &f) {
    return submit([&](handler &h) { h.single_task<KernelName>(f); });
  }
  template <typename KernelName = detail::auto_name, typename Functor>
  event single_task(const event &, const Functor &f) {
    return single_task<KernelName>(f);
  }
  template <typename KernelName = detail::auto_name, typename Functor>
  event single_task(const std::vector<event> &, const Functor &f) {
    return single_task<KernelName>(f);
  }

  template <typename KernelName = detail::auto_name, int Dims, typename Functor>
  event parallel_for(range<Dims> extent, const Functor &f) {
    return submit([&](handler &h) { h.parallel_for<KernelName>(extent, f); });
  }
  template <typename KernelName = detail::auto_name, int Dims, typename Functor>
  event parallel_for(range<Dims> extent, const event &, const Functor &f) {
    return parallel_for<KernelName>(extent, f);
  }
  template <typename KernelName = detail::auto_name, int Dims, typename Functor>
  event parallel_for(range<Dims> extent, const std::vector<event> &, const Functor &f) {
    return parallel_for<KernelName>(extent, f);
  }
  // With reductions: the reductions, then the kernel.
  template <typename KernelName = detail::auto_name, int Dims, typename... Rest,
            typename = std::enable_if_t<(sizeof...(Rest) > 1) && detail::starts_with_reduction_v<Rest...>>>
  event parallel_for(range<Dims> extent, const Rest &...rest) {
    return submit([&](handler &h) { h.parallel_for<KernelName>(extent, rest...); });
  }
  template <typename KernelName = detail::auto_name, int Dims, typename... Rest,
            typename = std::enable_if_t<(sizeof...(Rest) > 1) && detail::starts_with_reduction_v<Rest...>>>
  event parallel_for(nd_range<Dims> ndr, const Rest &...rest) {
    return submit([&](handler &h) { h.parallel_for<KernelName>(ndr, rest...); });
  }
  template <typename KernelName = detail::auto_name, typename Functor>
  event parallel_for(std::size_t count, const Functor &f) {
    return parallel_for<KernelName>(range<1>(count), f);
  }
  template <typename KernelName = detail::auto_name, int Dims, typename Functor>
  event parallel_for(nd_range<Dims> ndr, const Functor &f) {
    return submit([&](handler &h) { h.parallel_for<KernelName>(ndr, f); });
  }
  template <typename KernelName = detail::auto_name, int Dims, typename Properties, typename Functor,
            typename = std::enable_if_t<ext::oneapi::experimental::is_property_list_v<Properties>>>
  event parallel_for(nd_range<Dims> ndr, Properties properties, const Functor &f) {
    return submit([&](handler &h) { h.parallel_for<KernelName>(ndr, properties, f); });
  }
  template <typename KernelName = detail::auto_name, int Dims, typename Functor>
  event parallel_for(nd_range<Dims> ndr, const event &, const Functor &f) {
    return parallel_for<KernelName>(ndr, f);
  }
  template <typename KernelName = detail::auto_name, int Dims, typename Functor>
  event parallel_for(nd_range<Dims> ndr, const std::vector<event> &, const Functor &f) {
    return parallel_for<KernelName>(ndr, f);
  }

private:
  device device_;
  context context_;
  bool in_order_;
};

inline void *malloc_device(std::size_t bytes, const queue &q) {
  return malloc_device(bytes, q.get_device(), q.get_context());
}
inline void *malloc_host(std::size_t bytes, const queue &q) { return malloc_host(bytes, q.get_context()); }
inline void *malloc_shared(std::size_t bytes, const queue &q) {
  return malloc_shared(bytes, q.get_device(), q.get_context());
}
inline void *malloc(std::size_t bytes, const queue &q, usm::alloc kind) {
  return malloc(bytes, q.get_device(), q.get_context(), kind);
}
inline void *aligned_alloc_device(std::size_t alignment, std::size_t bytes, const queue &q) {
  return aligned_alloc_device(alignment, bytes, q.get_device(), q.get_context());
}
inline void *aligned_alloc_host(std::size_t alignment, std::size_t bytes, const queue &q) {
  return aligned_alloc_host(alignment, bytes, q.get_context());
}
inline void *aligned_alloc_shared(std::size_t alignment, std::size_t bytes, const queue &q) {
  return aligned_alloc_shared(alignment, bytes, q.get_device(), q.get_context());
}
inline void free(void *ptr, const queue &q) { free(ptr, q.get_context()); }

} // namespace _V1
} // namespace sycl
