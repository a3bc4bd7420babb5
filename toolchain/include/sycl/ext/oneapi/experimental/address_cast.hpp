// <sycl/ext/oneapi/experimental/address_cast.hpp>: DPC++'s sycl_ext_oneapi_address_cast, SYCL
// 2020's address_space_cast split in two: static_address_cast, which trusts the caller, and
// dynamic_address_cast, which gives a null pointer when the object is not in the asked space.
// Every space is the same memory on a CPU; the dynamic cast asks which region of the calling
// thread the pointer lies in (docs/kernel-features.md, "Dynamic address space casts").
#pragma once

#include "../../../detail/address_space_of.hpp"
#include "../../../multi_ptr.hpp"

#define SYCL_EXT_ONEAPI_ADDRESS_CAST 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {
inline constexpr access::address_space global_space = access::address_space::global_space;
inline constexpr access::address_space local_space = access::address_space::local_space;
inline constexpr access::address_space private_space = access::address_space::private_space;
inline constexpr access::address_space generic_space = access::address_space::generic_space;

template <access::address_space Space, typename ElementType>
multi_ptr<ElementType, Space, access::decorated::no> static_address_cast(ElementType *pointer) {
  return multi_ptr<ElementType, Space, access::decorated::no>(pointer);
}
template <access::address_space Space, access::decorated DecorateAddress, typename ElementType>
multi_ptr<ElementType, Space, DecorateAddress>
static_address_cast(multi_ptr<ElementType, generic_space, DecorateAddress> pointer) {
  return multi_ptr<ElementType, Space, DecorateAddress>(pointer.get_raw());
}

template <access::address_space Space, typename ElementType>
multi_ptr<ElementType, Space, access::decorated::no> dynamic_address_cast(ElementType *pointer) {
  return multi_ptr<ElementType, Space, access::decorated::no>(
      sycl::detail::points_into<Space>(pointer) ? pointer : nullptr);
}
template <access::address_space Space, access::decorated DecorateAddress, typename ElementType>
multi_ptr<ElementType, Space, DecorateAddress>
dynamic_address_cast(multi_ptr<ElementType, generic_space, DecorateAddress> pointer) {
  ElementType *raw = pointer.get_raw();
  return multi_ptr<ElementType, Space, DecorateAddress>(
      sycl::detail::points_into<Space>(raw) ? raw : nullptr);
}
} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
