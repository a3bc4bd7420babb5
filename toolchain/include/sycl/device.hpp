// sycl::platform, sycl::device, sycl::context and device selection: one CPU device, the whole
// machine, run by the Native CPU runtime.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nativecpu/runtime.h>

#include "detail/defines.hpp"
#include "exception.hpp"
#include "memory_model.hpp"
#include "range.hpp"

namespace sycl {
inline namespace _V1 {

enum class backend { native_cpu };

enum class aspect {
  cpu, gpu, accelerator, custom, emulated, host_debuggable, fp16, fp64, atomic64, image,
  online_compiler, online_linker, queue_profiling, usm_device_allocations, usm_host_allocations,
  usm_atomic_host_allocations, usm_shared_allocations, usm_atomic_shared_allocations,
  usm_system_allocations
};

namespace info {
enum class device_type : unsigned int { cpu, gpu, accelerator, custom, automatic, host, all };
enum class local_mem_type : int { none, local, global };

namespace device {
struct device_type { using return_type = info::device_type; };
struct name { using return_type = std::string; };
struct vendor { using return_type = std::string; };
struct driver_version { using return_type = std::string; };
struct version { using return_type = std::string; };
struct max_compute_units { using return_type = std::uint32_t; };
struct max_work_group_size { using return_type = std::size_t; };
struct max_work_item_dimensions { using return_type = std::uint32_t; };
struct global_mem_size { using return_type = std::uint64_t; };
struct local_mem_size { using return_type = std::uint64_t; };
struct sub_group_sizes { using return_type = std::vector<std::size_t>; };
struct max_num_sub_groups { using return_type = std::uint32_t; };
template <int Dimensions = 3> struct max_work_item_sizes { using return_type = range<Dimensions>; };
struct local_mem_type { using return_type = info::local_mem_type; };
struct atomic_memory_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_fence_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_memory_scope_capabilities { using return_type = std::vector<memory_scope>; };
struct atomic_fence_scope_capabilities { using return_type = std::vector<memory_scope>; };
} // namespace device

namespace context {
struct atomic_memory_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_fence_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_memory_scope_capabilities { using return_type = std::vector<memory_scope>; };
struct atomic_fence_scope_capabilities { using return_type = std::vector<memory_scope>; };
} // namespace context

namespace platform {
struct name { using return_type = std::string; };
struct vendor { using return_type = std::string; };
struct version { using return_type = std::string; };
} // namespace platform
} // namespace info

namespace detail {
template <typename Param> inline constexpr bool is_max_work_item_sizes_v = false;
template <int Dims> inline constexpr bool is_max_work_item_sizes_v<info::device::max_work_item_sizes<Dims>> = true;

// The runtime's strings, so that sycl-ls and the program agree.
inline std::string device_name() { return __nativecpu_device_string(0); }
inline std::string vendor_name() { return __nativecpu_device_string(1); }
inline std::string version_string() { return __nativecpu_device_string(2); }
inline std::string platform_name() { return __nativecpu_device_string(3); }

// Whether ONEAPI_DEVICE_SELECTOR lets the device through; a malformed value is an error.
inline bool device_visible() {
  int selected = __nativecpu_device_selected();
  if (selected < 0) throw exception(make_error_code(errc::invalid), __nativecpu_last_error());
  return selected == 1;
}

// atomic_ref and atomic_fence support every memory order and every memory scope (the headers
// atomic_ref.hpp and atomic_fence.hpp say how each is lowered).
inline std::vector<memory_order> all_memory_orders() {
  return {memory_order::relaxed, memory_order::acquire, memory_order::release, memory_order::acq_rel,
          memory_order::seq_cst};
}
inline std::vector<memory_scope> all_memory_scopes() {
  return {memory_scope::work_item, memory_scope::sub_group, memory_scope::work_group, memory_scope::device,
          memory_scope::system};
}
} // namespace detail

class device;

class platform {
public:
  platform() = default;
  template <typename Selector> explicit platform(const Selector &) {}

  template <typename Param> typename Param::return_type get_info() const {
    if constexpr (std::is_same_v<Param, info::platform::name>)
      return detail::platform_name();
    else if constexpr (std::is_same_v<Param, info::platform::vendor>)
      return detail::vendor_name();
    else if constexpr (std::is_same_v<Param, info::platform::version>)
      return detail::version_string();
    else
      static_assert(sizeof(Param) == 0, "unsupported platform info query");
  }
  backend get_backend() const noexcept { return backend::native_cpu; }
  std::vector<device> get_devices(info::device_type type = info::device_type::all) const;
  static std::vector<platform> get_platforms() { return {platform()}; }
  friend bool operator==(const platform &, const platform &) { return true; }
  friend bool operator!=(const platform &, const platform &) { return false; }
};

class device {
public:
  device() = default;
  // SYCL 2020 4.6.1.1: the device the selector scores highest, among the devices
  // ONEAPI_DEVICE_SELECTOR leaves visible; none scoring non-negative is errc::runtime.
  template <typename Selector> explicit device(const Selector &selector) {
    if (!detail::device_visible())
      throw exception(make_error_code(errc::runtime),
                      "No device of requested type available (ONEAPI_DEVICE_SELECTOR hides the native_cpu device)");
    if (selector(*this) < 0)
      throw exception(make_error_code(errc::runtime), "no device matches the device selector");
  }

  bool is_cpu() const { return true; }
  bool is_gpu() const { return false; }
  bool is_accelerator() const { return false; }
  bool has(aspect a) const {
    switch (a) {
    case aspect::cpu:
    case aspect::fp64:
    case aspect::atomic64:
    case aspect::usm_device_allocations:
    case aspect::usm_host_allocations:
    case aspect::usm_shared_allocations:
    case aspect::usm_system_allocations:
      return true;
    default:
      return false;
    }
  }
  platform get_platform() const { return platform(); }
  backend get_backend() const noexcept { return backend::native_cpu; }

  template <typename Param> typename Param::return_type get_info() const {
    using namespace info::device;
    if constexpr (std::is_same_v<Param, info::device::device_type>)
      return info::device_type::cpu;
    else if constexpr (std::is_same_v<Param, name>)
      return detail::device_name();
    else if constexpr (std::is_same_v<Param, vendor>)
      return detail::vendor_name();
    else if constexpr (std::is_same_v<Param, driver_version> || std::is_same_v<Param, version>)
      return detail::version_string();
    else if constexpr (std::is_same_v<Param, max_compute_units>)
      return static_cast<std::uint32_t>(__nativecpu_thread_count());
    else if constexpr (std::is_same_v<Param, max_work_item_dimensions>)
      return 3;
    else if constexpr (std::is_same_v<Param, sub_group_sizes>)
      return {1};
    // The runtime's nd_range limits. A work-group may have up to max_work_group_size work-items
    // in any shape, so that is also each dimension's limit.
    else if constexpr (std::is_same_v<Param, max_work_group_size>)
      return __nativecpu_max_work_group_size();
    else if constexpr (detail::is_max_work_item_sizes_v<Param>) {
      typename Param::return_type sizes;
      for (int i = 0; i < Param::return_type::dimensions; ++i) sizes[i] = __nativecpu_max_work_group_size();
      return sizes;
    } else if constexpr (std::is_same_v<Param, max_num_sub_groups>)
      return static_cast<std::uint32_t>(__nativecpu_max_work_group_size());
    else if constexpr (std::is_same_v<Param, local_mem_size>)
      return static_cast<std::uint64_t>(__nativecpu_local_memory_size());
    else if constexpr (std::is_same_v<Param, info::device::local_mem_type>)
      return info::local_mem_type::local;
    else if constexpr (std::is_same_v<Param, atomic_memory_order_capabilities> ||
                       std::is_same_v<Param, atomic_fence_order_capabilities>)
      return detail::all_memory_orders();
    else if constexpr (std::is_same_v<Param, atomic_memory_scope_capabilities> ||
                       std::is_same_v<Param, atomic_fence_scope_capabilities>)
      return detail::all_memory_scopes();
    else
      static_assert(sizeof(Param) == 0, "unsupported device info query");
  }
  static std::vector<device> get_devices(info::device_type type = info::device_type::all) {
    if (!detail::device_visible()) return {};
    if (type == info::device_type::gpu || type == info::device_type::accelerator) return {};
    return {device()};
  }
  friend bool operator==(const device &, const device &) { return true; }
  friend bool operator!=(const device &, const device &) { return false; }
};

inline std::vector<device> platform::get_devices(info::device_type type) const {
  return device::get_devices(type);
}

// Device selectors: score a device; a negative score rejects it.
inline int default_selector_v(const device &) { return 1; }
inline int cpu_selector_v(const device &d) { return d.is_cpu() ? 1 : -1; }
inline int gpu_selector_v(const device &d) { return d.is_gpu() ? 1 : -1; }
inline int accelerator_selector_v(const device &d) { return d.is_accelerator() ? 1 : -1; }

class context {
public:
  context() = default;
  explicit context(const device &) {}
  std::vector<device> get_devices() const { return {device()}; }
  platform get_platform() const { return platform(); }

  template <typename Param> typename Param::return_type get_info() const {
    using namespace info::context;
    if constexpr (std::is_same_v<Param, atomic_memory_order_capabilities> ||
                  std::is_same_v<Param, atomic_fence_order_capabilities>)
      return detail::all_memory_orders();
    else if constexpr (std::is_same_v<Param, atomic_memory_scope_capabilities> ||
                       std::is_same_v<Param, atomic_fence_scope_capabilities>)
      return detail::all_memory_scopes();
    else
      static_assert(sizeof(Param) == 0, "unsupported context info query");
  }
  friend bool operator==(const context &, const context &) { return true; }
  friend bool operator!=(const context &, const context &) { return false; }
};

} // namespace _V1
} // namespace sycl
