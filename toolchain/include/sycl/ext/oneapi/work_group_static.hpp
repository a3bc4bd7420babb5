// sycl::ext::oneapi::experimental::work_group_static (DPC++'s sycl_ext_oneapi_work_group_static):
// a variable of namespace scope, or a static variable of device code, whose value lives in
// work-group local memory, one per work-group, shared by its work-items.
//
// The object itself holds nothing: its address names the variable. Every access goes through
// the device builtin __nativecpu_work_group_static(address, sizeof(T), alignof(T)), which the
// compiler replaces by one piece of the work-group's local memory per variable, whichever
// function and call site reaches it (docs/group-algorithms.md, "Work-group static memory"). The
// accessors are always inlined, so that the builtin sees the variable's address. Its value is
// unspecified when a work-group starts, as the extension says. Host code cannot use it.
//
// Work-group scratch memory (sycl_ext_oneapi_work_group_scratch_memory) finds its memory through
// a variable of this kind (<sycl/ext/oneapi/work_group_scratch_memory.hpp>).
#pragma once

#include <cstddef>
#include <type_traits>

#include "../../detail/builtins.hpp"
#include "../../detail/defines.hpp"

#define SYCL_EXT_ONEAPI_WORK_GROUP_STATIC 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

template <typename T> class work_group_static final {
  static_assert(std::is_trivially_default_constructible_v<T> && std::is_trivially_destructible_v<T>,
                "work_group_static<T> needs a trivially constructible and destructible T");

public:
  work_group_static() = default;
  work_group_static(const work_group_static &) = delete;
  work_group_static &operator=(const work_group_static &) = delete;

  NCPU_ALWAYS_INLINE operator T &() const noexcept { return *storage(); }

  template <typename U = T, typename = std::enable_if_t<!std::is_array_v<U>>>
  NCPU_ALWAYS_INLINE const work_group_static &operator=(const T &value) const noexcept {
    *storage() = value;
    return *this;
  }

  NCPU_ALWAYS_INLINE T *operator&() const noexcept { return storage(); }

private:
  NCPU_ALWAYS_INLINE T *storage() const noexcept {
#ifdef __SYCL_DEVICE_ONLY__
    return static_cast<T *>(__nativecpu_work_group_static(this, sizeof(T), alignof(T)));
#else
    sycl::detail::device_only("sycl::ext::oneapi::experimental::work_group_static");
#endif
  }
};

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
