// <sycl/ext/oneapi/experimental/annotated_ptr/annotated_ptr_properties.hpp>: usm_kind<kind>
// (DPC++'s sycl_ext_oneapi_usm_malloc_properties), the kind of USM an annotated_ptr points to,
// which the annotated allocation functions put on the pointers they return. Every kind is the
// host's memory on this device (sycl/usm.hpp), so the property changes no code.
#pragma once

#include <type_traits>

#include "../../../../usm.hpp"
#include "../common_annotated_properties/properties.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

struct usm_kind_key {
  template <sycl::usm::alloc Kind> using value_t = detail::constant_property_value<usm_kind_key, Kind>;
};
template <sycl::usm::alloc Kind> inline constexpr usm_kind_key::value_t<Kind> usm_kind{};
inline constexpr usm_kind_key::value_t<sycl::usm::alloc::device> usm_kind_device{};
inline constexpr usm_kind_key::value_t<sycl::usm::alloc::host> usm_kind_host{};
inline constexpr usm_kind_key::value_t<sycl::usm::alloc::shared> usm_kind_shared{};

template <typename T, sycl::usm::alloc Kind>
struct is_valid_property<T, usm_kind_key::value_t<Kind>> : std::is_pointer<T> {};

namespace detail {
// The usm_kind a list declares, usm::alloc::unknown without one.
template <typename PropertyList> constexpr sycl::usm::alloc declared_usm_kind() {
  if constexpr (PropertyList::template has_property<usm_kind_key>())
    return decltype(PropertyList::template get_property<usm_kind_key>())::value;
  else
    return sycl::usm::alloc::unknown;
}
} // namespace detail

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
