// sycl::nd_item (SYCL 2020 section 4.9.1.5): what an nd_range kernel receives.
//
// It holds no data; every query reads the device builtins (see detail/work_item.hpp for why), so
// nd_items only exist inside nd_range kernels, where the kernel entry point makes them.
#pragma once

#include <cstddef>

#include "access.hpp"
#include "detail/builtins.hpp"
#include "detail/defines.hpp"
#include "detail/work_item.hpp"
#include "device_event.hpp"
#include "group.hpp"
#include "memory_model.hpp"
#include "nd_range.hpp"
#include "range.hpp"

namespace sycl {
inline namespace _V1 {

template <int Dims = 1> class nd_item : public detail::work_group_copies<Dims> {
  static_assert(Dims >= 1 && Dims <= 3, "SYCL supports 1 to 3 dimensions");

public:
  static constexpr int dimensions = Dims;

  nd_item() = delete;
  // Not part of the SYCL interface: the nd_range kernel entry point makes the nd_item.
  explicit nd_item(detail::group_tag) {}

  // The global id includes the (deprecated) global offset; the linear id does not.
  id<Dims> get_global_id() const { return detail::query::global_id<Dims>(); }
  std::size_t get_global_id(int dimension) const { return detail::query::global_id<Dims>(dimension); }
  std::size_t get_global_linear_id() const {
    return detail::linearize(get_global_id() - get_offset(), get_global_range());
  }
  id<Dims> get_local_id() const { return detail::query::local_id<Dims>(); }
  std::size_t get_local_id(int dimension) const { return detail::query::local_id<Dims>(dimension); }
  std::size_t get_local_linear_id() const { return detail::query::local_linear_id<Dims>(); }

  group<Dims> get_group() const { return group<Dims>(detail::group_tag{}); }
  std::size_t get_group(int dimension) const { return detail::query::group_id<Dims>(dimension); }
  std::size_t get_group_linear_id() const { return get_group().get_group_linear_id(); }
  sub_group get_sub_group() const { return sub_group(detail::group_tag{}); }

  range<Dims> get_group_range() const { return detail::query::group_range<Dims>(); }
  std::size_t get_group_range(int dimension) const { return detail::query::group_range<Dims>(dimension); }
  range<Dims> get_global_range() const { return detail::query::global_range<Dims>(); }
  std::size_t get_global_range(int dimension) const { return detail::query::global_range<Dims>(dimension); }
  range<Dims> get_local_range() const { return detail::query::local_range<Dims>(); }
  std::size_t get_local_range(int dimension) const { return detail::query::local_range<Dims>(dimension); }

  // Deprecated in SYCL 2020.
  id<Dims> get_offset() const { return detail::query::global_offset<Dims>(); }
  nd_range<Dims> get_nd_range() const { return nd_range<Dims>(get_global_range(), get_local_range(), get_offset()); }

  // Work-group barrier (deprecated in SYCL 2020 for group_barrier). The argument-less form
  // passes constant operands even at -O0.
  NCPU_ALWAYS_INLINE void barrier() const {
#ifdef __SYCL_DEVICE_ONLY__
    __spirv_ControlBarrier(detail::spirv_scope_workgroup, detail::spirv_scope_workgroup,
                           detail::barrier_semantics(access::fence_space::global_and_local));
#else
    detail::device_only("sycl::nd_item::barrier");
#endif
  }
  NCPU_ALWAYS_INLINE void barrier(access::fence_space space) const {
#ifdef __SYCL_DEVICE_ONLY__
    __spirv_ControlBarrier(detail::spirv_scope_workgroup, detail::spirv_scope_workgroup,
                           detail::barrier_semantics(space));
#else
    (void)space;
    detail::device_only("sycl::nd_item::barrier");
#endif
  }

  // A memory fence (deprecated in SYCL 2020 for atomic_fence). One thread runs the whole
  // work-group here, so a C++ sequentially consistent fence orders everything a SPIR-V
  // MemoryBarrier would, and needs no builtin.
  template <access::mode Mode = access::mode::read_write>
  void mem_fence(access::fence_space = access::fence_space::global_and_local) const {
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
  }

  // A work-item can only see its own nd_item.
  friend bool operator==(const nd_item &, const nd_item &) { return true; }
  friend bool operator!=(const nd_item &, const nd_item &) { return false; }
};

} // namespace _V1
} // namespace sycl
