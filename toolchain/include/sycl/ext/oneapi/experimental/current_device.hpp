// <sycl/ext/oneapi/experimental/current_device.hpp>: DPC++'s sycl_ext_oneapi_current_device, a
// device per host thread, at first the one the default selector picks. Each thread keeps the
// device it was given; there is one device here, so every thread's is the same device.
#pragma once

#include "../../../device.hpp"
#include "../../../device_selector.hpp"

#define SYCL_EXT_ONEAPI_CURRENT_DEVICE 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental::this_thread {
namespace detail {
inline device &current_device() {
  thread_local device current{default_selector_v};
  return current;
}
} // namespace detail

inline device get_current_device() { return detail::current_device(); }
inline void set_current_device(device d) { detail::current_device() = d; }
} // namespace ext::oneapi::experimental::this_thread
} // namespace _V1
} // namespace sycl
