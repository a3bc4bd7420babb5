// <sycl/ext/oneapi/experimental/kernel_queue_info.hpp>: the descriptors of DPC++'s
// sycl_ext_oneapi_launch_queries, which kernel::ext_oneapi_get_info(queue[, range[, bytes]])
// answers: what one launch of the kernel on the queue's device may use. Each is answered from
// the kernel's own information (what the compiler decided, kernel_bundle.hpp) and the device's:
//
// - a work-group may have up to the kernel's work-group size (its required size, if it has one)
//   and up to the device's maximum along each dimension;
// - max_num_work_groups: the work-groups that run at once, one per runtime thread (the device's
//   compute units), or 0 when a work-group of that shape with `bytes` of dynamic local memory
//   cannot run at all;
// - sub-groups run along the fastest dimension (SYCL's last), at most the kernel's vector width
//   wide, never across rows (docs/vectorizer.md, "Sub-groups").
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "../../../device.hpp"
#include "../../../id.hpp"
#include "../../../kernel_bundle.hpp"
#include "../../../range.hpp"

#define SYCL_EXT_ONEAPI_LAUNCH_QUERIES 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental::info::kernel_queue_specific {

struct max_work_group_size {
  using return_type = std::size_t;
  static return_type answer(const sycl::kernel &k, const sycl::device &d) {
    return k.get_info<sycl::info::kernel_device_specific::work_group_size>(d);
  }
};

template <int Dims> struct max_work_item_sizes {
  static_assert(Dims >= 1 && Dims <= 3, "max_work_item_sizes takes 1 to 3 dimensions");
  using return_type = id<Dims>;
  static return_type answer(const sycl::kernel &k, const sycl::device &d) {
    const range<Dims> device_sizes = d.get_info<sycl::info::device::max_work_item_sizes<Dims>>();
    const range<3> required = k.get_info<sycl::info::kernel_device_specific::compile_work_group_size>(d);
    const bool has_required = required[0] != 0;
    const std::size_t group_size = max_work_group_size::answer(k, d);
    id<Dims> sizes;
    for (int i = 0; i < Dims; ++i)
      sizes[i] = has_required ? required[3 - Dims + i] : std::min(device_sizes[i], group_size);
    return sizes;
  }
};

struct max_num_work_groups {
  using return_type = std::size_t;
  template <int Dims>
  static return_type answer(const sycl::kernel &k, const sycl::device &d, const range<Dims> &group, std::size_t bytes = 0) {
    const id<Dims> sizes = max_work_item_sizes<Dims>::answer(k, d);
    const range<3> required = k.get_info<sycl::info::kernel_device_specific::compile_work_group_size>(d);
    for (int i = 0; i < Dims; ++i) {
      if (group[i] == 0 || group[i] > sizes[i]) return 0;
      if (required[0] != 0 && group[i] != required[3 - Dims + i]) return 0;
    }
    const std::size_t kernel_bytes = k.get_info<ext::nativecpu::info::kernel_device_specific::local_mem_size>(d);
    const std::uint64_t device_bytes = d.get_info<sycl::info::device::local_mem_size>();
    if (group.size() > max_work_group_size::answer(k, d) || bytes > device_bytes || kernel_bytes > device_bytes - bytes)
      return 0;
    return d.get_info<sycl::info::device::max_compute_units>();
  }
};

struct max_sub_group_size {
  using return_type = std::uint32_t;
  template <int Dims> static return_type answer(const sycl::kernel &k, const sycl::device &d, const range<Dims> &group) {
    const std::uint32_t width = k.get_info<sycl::info::kernel_device_specific::max_sub_group_size>(d);
    return static_cast<std::uint32_t>(std::min<std::size_t>(width, group[Dims - 1]));
  }
};

struct num_sub_groups {
  using return_type = std::uint32_t;
  template <int Dims> static return_type answer(const sycl::kernel &k, const sycl::device &d, const range<Dims> &group) {
    const std::size_t width = k.get_info<sycl::info::kernel_device_specific::max_sub_group_size>(d);
    const std::size_t row = group[Dims - 1];
    if (row == 0) return 0;
    return static_cast<std::uint32_t>((row + width - 1) / width * (group.size() / row));
  }
};

} // namespace ext::oneapi::experimental::info::kernel_queue_specific
} // namespace _V1
} // namespace sycl
