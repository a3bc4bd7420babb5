// sycl::ext::oneapi::experimental::properties and the work_group_size kernel property (DPC++'s
// sycl_ext_oneapi_kernel_properties), the way to require a work-group size with clang 22, which
// ignores the [[sycl::reqd_work_group_size]] attribute:
//
//   namespace syclex = sycl::ext::oneapi::experimental;
//   q.parallel_for(nd_range, syclex::properties{syclex::work_group_size<8, 8>}, kernel);
//
// The kernel then only runs with that local size (other launches throw errc::nd_range), and
// the compiler uses it as constant loop bounds. syclex::sub_group_size<N> makes the compiler
// vectorize the kernel at N lanes, so that its sub-groups have N work-items (1 keeps it scalar;
// a kernel that cannot be vectorized is a compile error naming the reason).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "../../detail/defines.hpp"

namespace sycl {
inline namespace _V1 {
enum class aspect;

namespace ext::oneapi::experimental {

struct work_group_size_key {
  template <std::size_t... Dims> struct value_t {
    using key_t = work_group_size_key;
    static_assert(sizeof...(Dims) >= 1 && sizeof...(Dims) <= 3, "work_group_size takes 1 to 3 sizes");
    static_assert(((Dims >= 1) && ...), "work-group sizes are at least 1");
  };
};

template <std::size_t... Dims> inline constexpr work_group_size_key::value_t<Dims...> work_group_size{};

// A work-group size the kernel suggests: nothing on a CPU, as [[sycl::work_group_size_hint]].
struct work_group_size_hint_key {
  template <std::size_t... Dims> struct value_t {
    using key_t = work_group_size_hint_key;
    static_assert(sizeof...(Dims) >= 1 && sizeof...(Dims) <= 3, "work_group_size_hint takes 1 to 3 sizes");
  };
};
template <std::size_t... Dims>
inline constexpr work_group_size_hint_key::value_t<Dims...> work_group_size_hint{};

// The aspects the kernel needs, as [[sycl::device_has]]. Honoured on free function kernels
// (SYCL_EXT_ONEAPI_FUNCTION_PROPERTY); a lambda kernel's property list refuses it
// (detail::required_work_group_size_of), since the attribute is the form its kernel takes here.
struct device_has_key {
  template <aspect... Aspects> struct value_t {
    using key_t = device_has_key;
  };
};
template <aspect... Aspects> inline constexpr device_has_key::value_t<Aspects...> device_has{};

// sycl_ext_oneapi_named_sub_group_sizes: sizes a kernel may name instead of a number. `primary`
// is the device's primary sub-group size (info::device::primary_sub_group_size: the lanes of the
// CPU's widest vector register), `automatic` leaves the size to the compiler, as a kernel
// without the property does.
struct named_sub_group_size {
  static constexpr std::uint32_t primary = 0;
  static constexpr std::uint32_t automatic = std::uint32_t(-1);
};

struct sub_group_size_key {
  template <std::uint32_t Size> struct value_t {
    using key_t = sub_group_size_key;
    static_assert((Size >= 1 && Size <= 64) || Size == named_sub_group_size::primary ||
                      Size == named_sub_group_size::automatic,
                  "sub_group_size takes a size from 1 to 64, or a named_sub_group_size");
  };
};

template <std::uint32_t Size> inline constexpr sub_group_size_key::value_t<Size> sub_group_size{};
inline constexpr sub_group_size_key::value_t<named_sub_group_size::primary> sub_group_size_primary{};
inline constexpr sub_group_size_key::value_t<named_sub_group_size::automatic> sub_group_size_automatic{};

// sycl_ext_oneapi_work_group_scratch_memory's launch property: the bytes of work-group local
// memory get_work_group_scratch_memory() gives each work-group (a runtime value, kept in the
// property list; <sycl/ext/oneapi/work_group_scratch_memory.hpp>).
struct work_group_scratch_size {
  using key_t = work_group_scratch_size;
  constexpr work_group_scratch_size(std::size_t bytes) : value(bytes) {}
  friend constexpr bool operator==(const work_group_scratch_size &a, const work_group_scratch_size &b) {
    return a.value == b.value;
  }
  friend constexpr bool operator!=(const work_group_scratch_size &a, const work_group_scratch_size &b) {
    return !(a == b);
  }
  std::size_t value;
};
using work_group_scratch_size_key = work_group_scratch_size;

namespace detail {
// The value of a property that is only present or absent (its key's `value_t`).
template <typename Key> struct flag_property_value {
  using key_t = Key;
};
// The value of a property that is one constant, `value` (its key's `value_t<Value>`).
template <typename Key, auto Value> struct constant_property_value {
  using key_t = Key;
  static constexpr auto value = Value;
};

// A property value names its property's key (`key_t`).
template <typename Property, typename = void> struct is_property_value : std::false_type {};
template <typename Property>
struct is_property_value<Property, std::void_t<typename Property::key_t>> : std::true_type {};
template <typename Key, typename Property, typename = void> struct is_property_of_key : std::false_type {};
template <typename Key, typename Property>
struct is_property_of_key<Key, Property, std::void_t<typename Property::key_t>>
    : std::is_same<typename Property::key_t, Key> {};

// The first of Properties whose key is Key (void if none).
template <typename Key, typename... Properties> struct property_of_key { using type = void; };
template <typename Key, typename First, typename... Rest> struct property_of_key<Key, First, Rest...> {
  using type = std::conditional_t<is_property_of_key<Key, First>::value, First,
                                  typename property_of_key<Key, Rest...>::type>;
};

// A list's order is that of its keys' names, so that `properties{a, b}` and `properties{b, a}`
// are one type, as the extension requires. Any key orders this way without a registry of key
// numbers: clang spells the type into __PRETTY_FUNCTION__, a constant expression.
template <typename Property, typename = void> struct key_or_self { using type = Property; };
template <typename Property> struct key_or_self<Property, std::void_t<typename Property::key_t>> {
  using type = typename Property::key_t;
};
template <typename Key> constexpr std::string_view key_name() { return __PRETTY_FUNCTION__; }

// The position in Properties of the value whose key comes `rank`-th in that order (equal keys,
// which the extension forbids anyway, keep the order written).
template <typename... Properties> constexpr std::size_t position_of_rank(std::size_t rank) {
  constexpr std::string_view names[] = {key_name<typename key_or_self<Properties>::type>()...};
  for (std::size_t candidate = 0; candidate < sizeof...(Properties); ++candidate) {
    std::size_t before = 0;
    for (std::size_t other = 0; other < sizeof...(Properties); ++other)
      before += names[other] < names[candidate] || (names[other] == names[candidate] && other < candidate);
    if (before == rank) return candidate;
  }
  return 0;
}
template <typename Property, typename... Properties>
struct pack_contains : std::disjunction<std::is_same<Property, Properties>...> {};
template <typename Property, typename... Properties> constexpr std::size_t index_in_pack() {
  constexpr bool matches[] = {std::is_same_v<Property, Properties>...};
  std::size_t index = 0;
  while (!matches[index]) ++index;
  return index;
}
template <typename Property, typename... Properties>
using sorted_element_t =
    std::tuple_element_t<position_of_rank<Properties...>(index_in_pack<Property, Properties...>()),
                         std::tuple<Properties...>>;
} // namespace detail

namespace detail {
// A compile-time property value is its own type and holds nothing; a runtime one
// (work_group_scratch_size) holds its value.
template <typename Key, typename... Properties>
inline constexpr bool is_compile_time_property_v = std::is_empty_v<typename property_of_key<Key, Properties...>::type>;
} // namespace detail

// A list of property values. Compile-time values are each their own type, so their queries are
// constant expressions (`get_property` is static for them); runtime values are kept in the list.
template <typename... Properties> class properties {
public:
  constexpr properties() = default;
  // The values in any order (the deduction guide sorts them, see detail::position_of_rank).
  template <typename... Values,
            typename = std::enable_if_t<sizeof...(Values) == sizeof...(Properties) &&
                                        (detail::pack_contains<Values, Properties...>::value && ...)>>
  constexpr properties(Values... values) : values_(std::get<Properties>(std::tuple<Values...>(values...))...) {}

  template <typename Key> static constexpr bool has_property() {
    return !std::is_void_v<typename detail::property_of_key<Key, Properties...>::type>;
  }
  template <typename Key, std::enable_if_t<detail::is_compile_time_property_v<Key, Properties...>, int> = 0>
  static constexpr auto get_property() {
    return typename detail::property_of_key<Key, Properties...>::type{};
  }
  template <typename Key, std::enable_if_t<!detail::is_compile_time_property_v<Key, Properties...>, long> = 0>
  constexpr auto get_property() const {
    static_assert(has_property<Key>(), "the property list does not have this property");
    return std::get<typename detail::property_of_key<Key, Properties...>::type>(values_);
  }

private:
  std::tuple<Properties...> values_;
};

// Property values are equal when they are the same value of the same property, that is, the
// same type.
template <typename A, typename B,
          typename = std::enable_if_t<detail::is_property_value<A>::value && detail::is_property_value<B>::value>>
constexpr bool operator==(const A &, const B &) {
  return std::is_same_v<A, B>;
}
template <typename A, typename B,
          typename = std::enable_if_t<detail::is_property_value<A>::value && detail::is_property_value<B>::value>>
constexpr bool operator!=(const A &a, const B &b) {
  return !(a == b);
}
template <typename... Properties>
properties(Properties...) -> properties<detail::sorted_element_t<Properties, Properties...>...>;

using empty_properties_t = properties<>;

// The argument of the `get` member by which a kernel object declares its kernel properties
// (sycl_ext_oneapi_kernel_properties): `auto get(properties_tag) const { return properties{…}; }`.
struct properties_tag {};

template <typename T> struct is_property_list : std::false_type {};
template <typename... Properties> struct is_property_list<properties<Properties...>> : std::true_type {};
template <typename T> inline constexpr bool is_property_list_v = is_property_list<T>::value;

namespace detail {
// The list of the property values Values in the list's order (what `properties{values...}`
// deduces); a list given alone is that list, so that a function taking either values or a list
// names one type.
template <typename... Values> struct property_list_of {
  using type = properties<sorted_element_t<Values, Values...>...>;
};
template <typename... Properties> struct property_list_of<properties<Properties...>> {
  using type = properties<Properties...>;
};
template <typename... Values> using property_list_of_t = typename property_list_of<Values...>::type;

template <typename Tuple> struct property_list_of_tuple;
template <typename... Properties> struct property_list_of_tuple<std::tuple<Properties...>> {
  using type = property_list_of_t<Properties...>;
};
template <typename... Tuples> using tuple_cat_t = decltype(std::tuple_cat(std::declval<Tuples>()...));

// Whether Property's key is in the list with another value.
template <typename Property, typename... Properties>
inline constexpr bool conflicts_with_v =
    !std::is_void_v<typename property_of_key<typename Property::key_t, Properties...>::type> &&
    !pack_contains<Property, Properties...>::value;

// The union of two lists; a key in both must have one value in both.
template <typename ListA, typename ListB> struct merged_properties;
template <typename... As, typename... Bs> struct merged_properties<properties<As...>, properties<Bs...>> {
  static_assert(!(conflicts_with_v<Bs, As...> || ...),
                "the two property lists give one property different values");
  using type = typename property_list_of_tuple<tuple_cat_t<
      std::tuple<As...>, std::conditional_t<pack_contains<Bs, As...>::value, std::tuple<>, std::tuple<Bs>>...>>::type;
};
template <typename ListA, typename ListB>
using merged_properties_t = typename merged_properties<ListA, ListB>::type;
} // namespace detail

} // namespace ext::oneapi::experimental

namespace detail {
// The work_group_size a property list requires, as a type carrying the sizes (or void).
template <typename... Properties> struct required_work_group_size {
  using type = void;
};
template <std::size_t... Dims, typename... Rest>
struct required_work_group_size<ext::oneapi::experimental::work_group_size_key::value_t<Dims...>, Rest...> {
  using type = ext::oneapi::experimental::work_group_size_key::value_t<Dims...>;
};
template <typename First, typename... Rest> struct required_work_group_size<First, Rest...> {
  using type = typename required_work_group_size<Rest...>::type;
};
template <typename PropertyList> struct required_work_group_size_of;
template <typename Property> inline constexpr bool is_device_has_v = false;
template <aspect... Aspects>
inline constexpr bool is_device_has_v<ext::oneapi::experimental::device_has_key::value_t<Aspects...>> = true;
template <typename... Properties>
struct required_work_group_size_of<ext::oneapi::experimental::properties<Properties...>> {
  static_assert(!(is_device_has_v<Properties> || ...),
                "ncpu: the device_has property applies to free function kernels; declare a lambda kernel's aspects "
                "with [[sycl::device_has(...)]]");
  using type = typename required_work_group_size<Properties...>::type;
};

// The sub_group_size a property list requires: a size, `primary` (0), or `automatic` when it
// requires none.
inline constexpr std::uint32_t automatic_sub_group_size =
    ext::oneapi::experimental::named_sub_group_size::automatic;
template <typename Property>
struct sub_group_size_of : std::integral_constant<std::uint32_t, automatic_sub_group_size> {};
template <std::uint32_t Size>
struct sub_group_size_of<ext::oneapi::experimental::sub_group_size_key::value_t<Size>>
    : std::integral_constant<std::uint32_t, Size> {};
// The kernel properties a kernel object declares through `get(properties_tag)`, or none.
template <typename Kernel, typename = void> struct declared_kernel_properties {
  using type = ext::oneapi::experimental::empty_properties_t;
};
template <typename Kernel>
struct declared_kernel_properties<
    Kernel, std::void_t<decltype(std::declval<const Kernel &>().get(ext::oneapi::experimental::properties_tag{}))>> {
  using type = decltype(std::declval<const Kernel &>().get(ext::oneapi::experimental::properties_tag{}));
};
template <typename PropertyList> struct required_sub_group_size_of;
template <typename... Properties>
struct required_sub_group_size_of<ext::oneapi::experimental::properties<Properties...>>
    : std::integral_constant<std::uint32_t,
                             (sub_group_size_of<Properties>::value & ... & automatic_sub_group_size)> {};
} // namespace detail

} // namespace _V1
} // namespace sycl
