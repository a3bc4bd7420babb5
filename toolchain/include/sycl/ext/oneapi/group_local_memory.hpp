// sycl::ext::oneapi::group_local_memory and group_local_memory_for_overwrite (DPC++'s
// sycl_ext_oneapi_local_memory extension): work-group local memory allocated inside a kernel.
//
// Each call site is one allocation, shared by the work-items of a work-group and returned again
// every time the call runs (in a loop, say), like a variable in OpenCL's __local space. The
// device builtin __nativecpu_allocate_local_memory(size, alignment) carries the request: the
// compiler gives each call its own piece of the work-group's local memory. For that every call
// of the builtin must stay at the user's call site, so these functions are always inlined (also
// at -O0) and pass sizeof(T) and alignof(T) as constants. A call in a helper function that is
// not inlined is one call site, whatever calls the helper (as in DPC++).
//
// The extension has no SYCL 2020 spelling. Returned type: sycl::multi_ptr<T, local_space>
// (multi_ptr.hpp), which converts to T*.
#pragma once

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

#include "../../access.hpp"
#include "../../detail/builtins.hpp"
#include "../../detail/defines.hpp"
#include "../../group.hpp"
#include "../../multi_ptr.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi {

namespace detail {
template <typename T, typename Group>
inline constexpr bool local_memory_ok_v = sycl::detail::is_work_group_v<Group> && std::is_trivially_destructible_v<T>;
} // namespace detail

// One T (which may be an array type), default-initialised: a class with a default constructor
// is constructed by the group's leader, and every work-item returns after that (a group
// barrier); anything trivially default-constructible is left uninitialised, with no barrier.
template <typename T, typename Group>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::local_memory_ok_v<T, Group>,
                                    multi_ptr<T, access::address_space::local_space, access::decorated::legacy>>
group_local_memory_for_overwrite(Group g) {
  (void)g;
#ifdef __SYCL_DEVICE_ONLY__
  T *memory = static_cast<T *>(__nativecpu_allocate_local_memory(sizeof(T), alignof(T)));
  if constexpr (!std::is_trivially_default_constructible_v<T>) {
    if (g.leader()) new (memory) T;
    group_barrier(g);
  }
  return multi_ptr<T, access::address_space::local_space, access::decorated::legacy>(memory);
#else
  sycl::detail::device_only("sycl::ext::oneapi::group_local_memory_for_overwrite");
#endif
}

// One T constructed from args by the group's leader (an array's elements from args, the rest
// zero); every work-item returns after the construction (a group barrier).
template <typename T, typename Group, typename... Args>
NCPU_ALWAYS_INLINE std::enable_if_t<detail::local_memory_ok_v<T, Group>,
                                    multi_ptr<T, access::address_space::local_space, access::decorated::legacy>>
group_local_memory(Group g, Args &&...args) {
#ifdef __SYCL_DEVICE_ONLY__
  // The builtin is called here directly (not through group_local_memory_for_overwrite) so that
  // this call site is visibly its own allocation.
  T *memory = static_cast<T *>(__nativecpu_allocate_local_memory(sizeof(T), alignof(T)));
  if (g.leader()) {
    // An array is initialized from its elements' values (aggregate initialization).
    if constexpr (std::is_array_v<T>)
      new (memory) T{std::forward<Args>(args)...};
    else
      new (memory) T(std::forward<Args>(args)...);
  }
  group_barrier(g);
  return multi_ptr<T, access::address_space::local_space, access::decorated::legacy>(memory);
#else
  (void)g;
  ((void)args, ...);
  sycl::detail::device_only("sycl::ext::oneapi::group_local_memory");
#endif
}

} // namespace ext::oneapi

// DPC++'s older spelling, sycl::group_local_memory(_for_overwrite) (<sycl/group_local_memory.hpp>).
using ext::oneapi::group_local_memory;
using ext::oneapi::group_local_memory_for_overwrite;

} // namespace _V1
} // namespace sycl
