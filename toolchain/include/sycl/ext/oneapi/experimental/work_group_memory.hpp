// sycl::ext::oneapi::experimental::work_group_memory (DPC++'s sycl_ext_oneapi_work_group_memory):
// work-group local memory of one object or array, made in the command group and used in an
// nd_range kernel as that object:
//
//   syclexp::work_group_memory<int[256]> tile{h};
//   h.parallel_for(nd_range, [=](sycl::nd_item<1> it) { tile[it.get_local_id(0)] = ...; });
//
// It is a local_accessor by another interface (local_accessor.hpp): the handler reserves its
// bytes in the work-group's block, the object holds their offset, and a single_task or range
// kernel that captures one is errc::kernel_argument at submission, as the extension requires.
// Kernel objects of free function kernels do not take one yet (set_args has no local memory).
#pragma once

#include <cstddef>
#include <type_traits>

#include "../../../local_accessor.hpp"
#include "../../../multi_ptr.hpp"
#include "../properties.hpp"

#define SYCL_EXT_ONEAPI_WORK_GROUP_MEMORY 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

struct indeterminate_t {};
inline constexpr indeterminate_t indeterminate;

template <typename DataT, typename PropertyListT = empty_properties_t> class work_group_memory {
  static constexpr bool unbounded = std::is_array_v<DataT> && std::extent_v<DataT> == 0;
  static_assert(std::is_same_v<PropertyListT, empty_properties_t>,
                "work_group_memory takes no properties (the extension defines none)");

public:
  using value_type = std::remove_all_extents_t<DataT>;

  // A placeholder that represents no memory until something is assigned to it.
  work_group_memory(const indeterminate_t &) {}
#ifdef __SYCL_DEVICE_ONLY__
  work_group_memory(const work_group_memory &) = default;
#else
  // Host copies report where they are, as local_accessor's do (handler.hpp, reject_local_accessors).
  work_group_memory(const work_group_memory &other) : offset_(other.offset_) {
    sycl::detail::note_local_accessor_copy(this);
  }
#endif
  work_group_memory &operator=(const work_group_memory &) = default;

  template <bool Bounded = !unbounded, typename = std::enable_if_t<Bounded>>
  work_group_memory(handler &h) : offset_(sycl::detail::reserve_local_memory_for<DataT>(h, sizeof(DataT))) {}
  template <bool Unbounded = unbounded, typename = std::enable_if_t<Unbounded>>
  work_group_memory(std::size_t count, handler &h)
      : offset_(sycl::detail::reserve_local_memory_for<DataT>(
            h, sycl::detail::storage_bytes<std::remove_extent_t<DataT>>(range<1>(count), "work_group_memory"))) {}

  operator DataT &() const { return *data(); }
  template <typename Value = DataT, typename = std::enable_if_t<!std::is_array_v<Value>>>
  const work_group_memory &operator=(const Value &value) const {
    *data() = value;
    return *this;
  }
  DataT *operator&() const { return data(); }
  template <access::decorated IsDecorated = access::decorated::no>
  multi_ptr<value_type, access::address_space::local_space, IsDecorated> get_multi_ptr() const {
    return multi_ptr<value_type, access::address_space::local_space, IsDecorated>(
        reinterpret_cast<value_type *>(data()));
  }

private:
  DataT *data() const { return sycl::detail::local_memory_at<DataT>(offset_, "work_group_memory's memory"); }

  std::size_t offset_ = 0;
};

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
