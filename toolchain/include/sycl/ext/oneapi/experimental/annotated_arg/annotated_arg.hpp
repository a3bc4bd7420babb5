// <sycl/ext/oneapi/experimental/annotated_arg/annotated_arg.hpp>: DPC++'s
// sycl_ext_oneapi_annotated_arg. annotated_arg<T, properties<...>> is a kernel argument of type
// T (a value or a pointer) that carries compile-time properties; in the kernel it converts to T
// and applies T's operators, `[]` and, for a pointer, `->`:
//
//   namespace syclex = sycl::ext::oneapi::experimental;
//   struct scale {
//     syclex::annotated_arg<float *, decltype(syclex::properties{syclex::alignment<64>})> data;
//     syclex::annotated_arg<float> factor;
//     void operator()(sycl::id<1> i) const { data[i] = data[i] * factor; }
//   };
//
// It is trivially copyable when T is, and device copyable when T is. The properties are the
// argument's; they change no code here (docs/dpcpp-headers.md, "Annotated pointers").
#pragma once

#define SYCL_EXT_ONEAPI_ANNOTATED_ARG 1

#include <cstddef>
#include <type_traits>
#include <utility>

#include "../../../../detail/is_device_copyable.hpp"
#include "../annotated_ptr/annotated_ptr.hpp"
#include "../common_annotated_properties/properties.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

template <typename T, typename PropertyListT = empty_properties_t> class annotated_arg {
  static_assert(is_property_list_v<PropertyListT>, "an annotated_arg's properties are a properties<...> list");
  static_assert(detail::is_valid_property_list_for<T, PropertyListT>::value,
                "annotated_arg: a property in the list is not a property of the argument's type");

public:
  annotated_arg() noexcept = default;
  annotated_arg(const T &value) noexcept : value_(value) {}
  // The property values, or a list, given must all be among the argument's properties (as
  // annotated_ptr's).
  template <typename... Values> annotated_arg(const T &value, const Values &...) noexcept : value_(value) {
    static_assert(std::is_same_v<PropertyListT, detail::merged_properties_t<PropertyListT, detail::property_list_of_t<Values...>>>,
                  "annotated_arg: the argument's properties must include every property given");
  }
  // From an argument whose properties are all among this one's.
  template <typename T2, typename P2>
  explicit annotated_arg(const annotated_arg<T2, P2> &other) noexcept : value_(static_cast<T2>(other)) {
    static_assert(std::is_convertible_v<T2, T>, "annotated_arg: the values do not convert");
    static_assert(std::is_same_v<PropertyListT, detail::merged_properties_t<PropertyListT, P2>>,
                  "annotated_arg: the argument's properties must include every property of the one it is made from");
  }
  // From an argument and more properties: the union of both lists.
  template <typename T2, typename PropertyListU, typename PropertyListV>
  explicit annotated_arg(const annotated_arg<T2, PropertyListU> &other, const PropertyListV &) noexcept
      : value_(static_cast<T2>(other)) {
    static_assert(std::is_convertible_v<T2, T>, "annotated_arg: the values do not convert");
    static_assert(std::is_same_v<PropertyListT, detail::merged_properties_t<PropertyListU, PropertyListV>>,
                  "annotated_arg: the argument's properties must be the union of the two lists");
  }
  annotated_arg(const annotated_arg &) = default;
  annotated_arg &operator=(const annotated_arg &) = default;

  operator T() noexcept { return value_; }
  operator T() const noexcept { return value_; }

  template <typename Value = T, typename = std::enable_if_t<std::is_pointer_v<Value>>>
  Value operator->() const noexcept {
    return value_;
  }
  template <typename Value = T>
  auto operator[](std::ptrdiff_t index) const noexcept -> decltype(std::declval<const Value &>()[index]) {
    return value_[index];
  }

  template <typename Key> static constexpr bool has_property() { return PropertyListT::template has_property<Key>(); }
  template <typename Key> static constexpr auto get_property() { return PropertyListT::template get_property<Key>(); }

  NCPU_ANNOTATED_VALUE_OPERATORS(annotated_arg)

private:
  T value_{};
};

template <typename T, typename... Values>
annotated_arg(T, Values...) -> annotated_arg<T, detail::property_list_of_t<Values...>>;
template <typename T, typename PropertyListA, typename... PropertiesB>
annotated_arg(annotated_arg<T, PropertyListA>, properties<PropertiesB...>)
    -> annotated_arg<T, detail::merged_properties_t<PropertyListA, properties<PropertiesB...>>>;

} // namespace ext::oneapi::experimental

template <typename T, typename PropertyListT>
struct is_device_copyable<ext::oneapi::experimental::annotated_arg<T, PropertyListT>> : is_device_copyable<T> {};

} // namespace _V1
} // namespace sycl
