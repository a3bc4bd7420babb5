// <sycl/khr/dynamic_addrspace_cast.hpp>: the Khronos sycl_khr_dynamic_addrspace_cast extension,
// an address space cast that gives a null pointer when the object is not in the asked space
// (docs/kernel-features.md, "Dynamic address space casts").
#pragma once

#include "../ext/oneapi/experimental/address_cast.hpp"

#define SYCL_KHR_DYNAMIC_ADDRSPACE_CAST 1

namespace sycl {
inline namespace _V1 {
namespace khr {
template <access::address_space Space, typename ElementType>
multi_ptr<ElementType, Space, access::decorated::no> dynamic_addrspace_cast(ElementType *pointer) {
  return ext::oneapi::experimental::dynamic_address_cast<Space>(pointer);
}
template <access::address_space Space, typename ElementType, access::decorated DecorateAddress>
multi_ptr<ElementType, Space, DecorateAddress>
dynamic_addrspace_cast(multi_ptr<ElementType, access::address_space::generic_space, DecorateAddress> pointer) {
  return ext::oneapi::experimental::dynamic_address_cast<Space>(pointer);
}
} // namespace khr
} // namespace _V1
} // namespace sycl
