// <sycl/khr/static_addrspace_cast.hpp>: the Khronos sycl_khr_static_addrspace_cast extension, an
// address space cast without a run-time check: the caller asserts the space. Every address
// space is the same memory on a CPU, so the cast only changes the pointer's type.
#pragma once

#include "../multi_ptr.hpp"

#define SYCL_KHR_STATIC_ADDRSPACE_CAST 1

namespace sycl {
inline namespace _V1 {
namespace khr {
template <access::address_space Space, typename ElementType>
multi_ptr<ElementType, Space, access::decorated::no> static_addrspace_cast(ElementType *pointer) {
  return multi_ptr<ElementType, Space, access::decorated::no>(pointer);
}
template <access::address_space Space, typename ElementType, access::decorated DecorateAddress>
multi_ptr<ElementType, Space, DecorateAddress>
static_addrspace_cast(multi_ptr<ElementType, access::address_space::generic_space, DecorateAddress> pointer) {
  return multi_ptr<ElementType, Space, DecorateAddress>(pointer.get_raw());
}
} // namespace khr
} // namespace _V1
} // namespace sycl
