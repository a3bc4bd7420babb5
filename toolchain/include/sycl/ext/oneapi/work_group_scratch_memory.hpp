// DPC++'s sycl_ext_oneapi_work_group_scratch_memory: get_work_group_scratch_memory(), the
// work-group local memory a launch asks for with the work_group_scratch_size property
// (ext/oneapi/properties.hpp), passed in a launch_config or to the handler's parallel_for with
// properties.
//
// The handler reserves the bytes in the work-group's local-memory block after the command
// group's local accessors (128-byte aligned) and launches the kernel wrapped in
// detail::work_group_scratch_kernel, which, before the kernel's body, points the work-group
// variable detail::work_group_scratch (a work_group_static) at them; every call of
// get_work_group_scratch_memory() in the kernel or in what it calls reads it. A kernel that
// calls it without having been launched with the property reads an unspecified pointer: the
// extension requires the property on every such launch.
#pragma once

#include <cstddef>
#include <type_traits>

#include "../../detail/builtins.hpp"
#include "../../detail/defines.hpp"
#include "properties.hpp"
#include "work_group_static.hpp"

#define SYCL_EXT_ONEAPI_WORK_GROUP_SCRATCH_MEMORY 1

namespace sycl {
inline namespace _V1 {
namespace detail {

// The current work-group's scratch memory, set by work_group_scratch_kernel.
inline ext::oneapi::experimental::work_group_static<void *> work_group_scratch;

// A kernel launched with scratch memory: the user's kernel, and where its scratch memory starts
// in the work-group's local-memory block.
template <typename Functor> struct work_group_scratch_kernel {
  Functor kernel;
  std::size_t offset;

  template <typename... Args, typename = std::enable_if_t<std::is_invocable_v<const Functor &, Args...>>>
  NCPU_ALWAYS_INLINE void operator()(Args... args) const {
#ifdef __SYCL_DEVICE_ONLY__
    work_group_scratch = __nativecpu_get_local_memory() + offset;
#endif
    kernel(args...);
  }
};

// The kernel name of a wrapped kernel: the wrapper's type for an unnamed kernel, else one
// derived from the given name (the name itself may also name the kernel without the wrapper).
template <typename KernelName> struct work_group_scratch_name;
template <typename KernelName>
using work_group_scratch_name_t =
    std::conditional_t<std::is_same_v<KernelName, auto_name>, auto_name, work_group_scratch_name<KernelName>>;

} // namespace detail

namespace ext::oneapi::experimental {

// The work-group's scratch memory: work_group_scratch_size bytes of the launch, the same for
// every call in the work-group, aligned to 128 bytes.
NCPU_ALWAYS_INLINE inline void *get_work_group_scratch_memory() {
#ifdef __SYCL_DEVICE_ONLY__
  return sycl::detail::work_group_scratch;
#else
  sycl::detail::device_only("sycl::ext::oneapi::experimental::get_work_group_scratch_memory");
#endif
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
