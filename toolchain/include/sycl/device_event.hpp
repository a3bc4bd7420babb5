// sycl::device_event (SYCL 2020 section 4.9.1.9) and the copy behind group::async_work_group_copy
// and nd_item::async_work_group_copy (4.9.1.7, 4.9.1.5).
//
// A work-group copy is a group function: every work-item of the group calls it with the same
// arguments. Here the work-items share the elements (work-item l copies elements l, l + L, …, L
// the group's size) as soon as they reach the call, so the copy is complete once every work-item
// has passed it: waiting on the event is a work-group barrier, which also makes the elements the
// others copied visible. One barrier covers every event of a wait_for.
#pragma once

#include <cstddef>
#include <type_traits>

#include "access.hpp"
#include "detail/builtins.hpp"
#include "detail/defines.hpp"
#include "detail/work_item.hpp"
#include "memory_model.hpp"
#include "multi_ptr.hpp"

namespace sycl {
inline namespace _V1 {

namespace detail {
struct device_event_tag {};

NCPU_ALWAYS_INLINE void work_group_copy_barrier() {
#ifdef __SYCL_DEVICE_ONLY__
  __spirv_ControlBarrier(spirv_scope_workgroup, spirv_scope_workgroup,
                         spirv_sequentially_consistent | spirv_workgroup_memory | spirv_cross_workgroup_memory);
#else
  device_only("sycl::device_event::wait");
#endif
}
} // namespace detail

class device_event {
public:
  // Not part of the SYCL interface (the constructor is unspecified): the copies make events.
  explicit device_event(detail::device_event_tag) {}

  // Every work-item of the group waits: a work-group barrier.
  void wait() noexcept { detail::work_group_copy_barrier(); }
};

namespace detail {
// Copies `count` elements, the i-th from src[i * src_stride] to dest[i * dest_stride], shared
// among the work-items of the calling work-group.
template <int Dims, typename T>
device_event work_group_copy(T *dest, const T *src, std::size_t count, std::size_t dest_stride,
                             std::size_t src_stride) {
  const std::size_t step = query::local_linear_range<Dims>();
  for (std::size_t i = query::local_linear_id<Dims>(); i < count; i += step) dest[i * dest_stride] = src[i * src_stride];
  return device_event(device_event_tag{});
}

template <typename Dest, typename Src>
inline constexpr bool copyable_elements_v = std::is_same_v<Dest, std::remove_const_t<Src>> && !std::is_const_v<Dest>;

// What group<Dims> and nd_item<Dims> declare: the global-to-local copy (the stride applies to
// the source) and the local-to-global one (the stride applies to the destination), for every
// decoration of the pointers, and wait_for.
template <int Dims> struct work_group_copies {
  template <typename Dest, access::decorated DestDecorated, typename Src, access::decorated SrcDecorated,
            typename = std::enable_if_t<copyable_elements_v<Dest, Src>>>
  device_event async_work_group_copy(multi_ptr<Dest, access::address_space::local_space, DestDecorated> dest,
                                     multi_ptr<Src, access::address_space::global_space, SrcDecorated> src,
                                     std::size_t numElements, std::size_t srcStride = 1) const {
    return work_group_copy<Dims>(dest.get_raw(), src.get_raw(), numElements, 1, srcStride);
  }
  template <typename Dest, access::decorated DestDecorated, typename Src, access::decorated SrcDecorated,
            typename = std::enable_if_t<copyable_elements_v<Dest, Src>>>
  device_event async_work_group_copy(multi_ptr<Dest, access::address_space::global_space, DestDecorated> dest,
                                     multi_ptr<Src, access::address_space::local_space, SrcDecorated> src,
                                     std::size_t numElements, std::size_t destStride = 1) const {
    return work_group_copy<Dims>(dest.get_raw(), src.get_raw(), numElements, destStride, 1);
  }
  template <typename... EventTN> void wait_for(EventTN... events) const {
    static_assert((std::is_same_v<EventTN, device_event> && ...), "wait_for takes device_events");
    if constexpr (sizeof...(EventTN) > 0) work_group_copy_barrier();
  }
};
} // namespace detail

} // namespace _V1
} // namespace sycl
