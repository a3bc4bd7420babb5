// <sycl/ext/oneapi/experimental/common_annotated_properties/properties.hpp>: the compile-time
// properties annotated_ptr and annotated_arg share (DPC++'s sycl_ext_oneapi_annotated_ptr and
// sycl_ext_oneapi_annotated_arg): alignment<N>, the promise that a pointer is N-byte aligned,
// and restrict, the promise that no other pointer a kernel uses reaches the same memory; and
// is_valid_property, which says which properties a wrapped type may carry (both are for
// pointers only). What each changes on this device is in docs/dpcpp-headers.md, "Annotated
// pointers".
#pragma once

#include <type_traits>

#include "../../properties.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

template <typename T, typename PropertyListT> class annotated_arg;
template <typename T, typename PropertyListT> class annotated_ptr;

struct restrict_key {
  using value_t = detail::flag_property_value<restrict_key>;
};
inline constexpr restrict_key::value_t restrict{};

struct alignment_key {
  template <int K> using value_t = detail::constant_property_value<alignment_key, K>;
};
template <int K> inline constexpr alignment_key::value_t<K> alignment{};

// Whether a value of type T (an annotated_arg's, or an annotated_ptr's pointer T *) may carry
// the property value PropertyValueT. Headers that define more annotation properties specialize
// it for theirs.
template <typename T, typename PropertyValueT> struct is_valid_property : std::false_type {};
template <typename T> struct is_valid_property<T, restrict_key::value_t> : std::is_pointer<T> {};
template <typename T, int K> struct is_valid_property<T, alignment_key::value_t<K>> : std::is_pointer<T> {};

template <typename T, typename... Props>
struct check_property_list : std::conjunction<is_valid_property<T, Props>...> {};

namespace detail {
// Whether every property of a list is valid for T.
template <typename T, typename PropertyList> struct is_valid_property_list_for : std::false_type {};
template <typename T, typename... Props>
struct is_valid_property_list_for<T, properties<Props...>> : check_property_list<T, Props...> {};

// The alignment<N> a list declares, 0 without one.
template <typename PropertyList> constexpr int declared_alignment() {
  if constexpr (PropertyList::template has_property<alignment_key>())
    return decltype(PropertyList::template get_property<alignment_key>())::value;
  else
    return 0;
}
} // namespace detail

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
