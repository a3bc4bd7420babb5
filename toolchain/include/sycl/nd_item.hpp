// sycl::nd_item (SYCL 2020 section 4.9.1.5): what an nd_range kernel receives.
//
// It holds the work-item's ids, its offset and its group, read from the device builtins
// (detail/work_item.hpp) when the kernel entry point makes it: nd_items have by-value semantics
// (SYCL 2020 4.5.3), so a copy written out of a kernel still answers its queries on the host and
// compares with other copies. They are made inside nd_range kernels only.
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
  explicit nd_item(detail::group_tag tag)
      : global_id_(detail::query::global_id<Dims>()), local_id_(detail::query::local_id<Dims>()),
        offset_(detail::query::global_offset<Dims>()), group_(tag) {}

  // The global id includes the (deprecated) global offset; the linear id does not.
  id<Dims> get_global_id() const { return global_id_; }
  std::size_t get_global_id(int dimension) const { return global_id_[dimension]; }
  std::size_t get_global_linear_id() const { return detail::linearize(global_id_ - offset_, get_global_range()); }
  id<Dims> get_local_id() const { return local_id_; }
  std::size_t get_local_id(int dimension) const { return local_id_[dimension]; }
  std::size_t get_local_linear_id() const { return detail::linearize(local_id_, get_local_range()); }

  group<Dims> get_group() const { return group_; }
  std::size_t get_group(int dimension) const { return group_.get_group_id(dimension); }
  std::size_t get_group_linear_id() const { return group_.get_group_linear_id(); }
  sub_group get_sub_group() const { return sub_group(detail::group_tag{}); }

  range<Dims> get_group_range() const { return group_.get_group_range(); }
  std::size_t get_group_range(int dimension) const { return group_.get_group_range(dimension); }
  range<Dims> get_global_range() const { return group_.get_global_range(); }
  std::size_t get_global_range(int dimension) const { return group_.get_global_range(dimension); }
  range<Dims> get_local_range() const { return group_.get_local_range(); }
  std::size_t get_local_range(int dimension) const { return group_.get_local_range(dimension); }

  // Deprecated in SYCL 2020.
  id<Dims> get_offset() const { return offset_; }
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

  friend bool operator==(const nd_item &a, const nd_item &b) {
    return a.global_id_ == b.global_id_ && a.local_id_ == b.local_id_ && a.offset_ == b.offset_ &&
           a.group_ == b.group_;
  }
  friend bool operator!=(const nd_item &a, const nd_item &b) { return !(a == b); }

private:
  id<Dims> global_id_;
  id<Dims> local_id_;
  id<Dims> offset_;
  group<Dims> group_;
};

} // namespace _V1
} // namespace sycl
