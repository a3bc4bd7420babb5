// Which address space a pointer points into, asked at run time, for the dynamic address space
// casts (docs/kernel-features.md, "Dynamic address space casts"). In a kernel the device
// library answers, knowing its own scratch buffers, then the runtime: the launch's local-memory
// block is local, the thread's stack is private, the rest is global. Host code asks the runtime
// directly (its stack is private, everything else global).
#pragma once

#include "../access.hpp"

#ifdef __SYCL_DEVICE_ONLY__
extern "C" unsigned int __dpcpp_nativecpu_address_space_of(const void *pointer);
#else
extern "C" unsigned int __nativecpu_address_space_of(const void *pointer);
#endif

namespace sycl {
inline namespace _V1 {
namespace detail {
/// Whether `pointer` points to an object in `Space` for the calling work-item (or host thread).
/// Null points into no space but the generic one; the constant space and DPC++'s device and
/// host parts of the global space are global memory.
template <access::address_space Space> bool points_into(const volatile void *pointer) {
  if constexpr (Space == access::address_space::generic_space) {
    return true;
  } else {
    if (pointer == nullptr)
      return false;
    const void *address = const_cast<const void *>(pointer);
#ifdef __SYCL_DEVICE_ONLY__
    unsigned int found = __dpcpp_nativecpu_address_space_of(address);
#else
    unsigned int found = __nativecpu_address_space_of(address);
#endif
    switch (Space) {
    case access::address_space::private_space:
    case access::address_space::local_space:
      return found == static_cast<unsigned int>(Space);
    default:
      return found == static_cast<unsigned int>(access::address_space::global_space);
    }
  }
}
} // namespace detail
} // namespace _V1
} // namespace sycl
