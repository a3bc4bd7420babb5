// <sycl/ext/oneapi/experimental/reduction_properties.hpp>: DPC++'s
// sycl_ext_oneapi_reduction_properties, compile-time properties of sycl::reduction:
// initialize_to_identity, as SYCL 2020's runtime property of that name, and deterministic (the
// same result whenever the kernel runs on the same inputs), which every reduction here already
// is: the partial results of the work-groups are folded in group order (reduction.hpp).
#pragma once

#define SYCL_EXT_ONEAPI_REDUCTION_PROPERTIES 1

#include <type_traits>

#include "../../../reduction.hpp"
#include "../properties.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {
struct deterministic_key {
  using value_t = detail::flag_property_value<deterministic_key>;
};
inline constexpr deterministic_key::value_t deterministic{};
struct initialize_to_identity_key {
  using value_t = detail::flag_property_value<initialize_to_identity_key>;
};
inline constexpr initialize_to_identity_key::value_t initialize_to_identity{};
} // namespace ext::oneapi::experimental

namespace detail {
template <typename Property>
inline constexpr bool is_reduction_property_v =
    std::is_same_v<Property, ext::oneapi::experimental::deterministic_key::value_t> ||
    std::is_same_v<Property, ext::oneapi::experimental::initialize_to_identity_key::value_t>;
template <typename PropertyList> inline constexpr bool is_reduction_property_list_v = false;
template <typename... Properties>
inline constexpr bool is_reduction_property_list_v<ext::oneapi::experimental::properties<Properties...>> =
    (is_reduction_property_v<Properties> && ...);
template <typename PropertyList>
using if_reduction_properties_t = std::enable_if_t<is_reduction_property_list_v<PropertyList>, int>;

// The runtime property list of a compile-time one; initialize_to_identity without an identity
// needs an operation whose identity is known.
template <typename T, typename BinaryOperation, bool IdentityGiven, typename... Properties>
property_list runtime_reduction_properties(ext::oneapi::experimental::properties<Properties...>) {
  constexpr bool initialize =
      (std::is_same_v<Properties, ext::oneapi::experimental::initialize_to_identity_key::value_t> || ...);
  static_assert(!initialize || IdentityGiven || has_known_identity_v<BinaryOperation, T>,
                "initialize_to_identity needs an identity: give one, or use an operation with a known identity");
  if constexpr (initialize)
    return {property::reduction::initialize_to_identity()};
  else
    return {};
}
} // namespace detail

template <typename T, typename BinaryOperation, typename Properties, detail::if_reduction_properties_t<Properties> = 0>
auto reduction(T *variable, BinaryOperation combiner, Properties properties) {
  return reduction(variable, combiner, detail::runtime_reduction_properties<T, BinaryOperation, false>(properties));
}
template <typename T, typename BinaryOperation, typename Properties, detail::if_reduction_properties_t<Properties> = 0>
auto reduction(T *variable, const T &identity, BinaryOperation combiner, Properties properties) {
  return reduction(variable, identity, combiner,
                   detail::runtime_reduction_properties<T, BinaryOperation, true>(properties));
}
template <typename T, int Dims, typename AllocatorT, typename BinaryOperation, typename Properties,
          detail::if_reduction_properties_t<Properties> = 0>
auto reduction(buffer<T, Dims, AllocatorT> variable, handler &h, BinaryOperation combiner, Properties properties) {
  return reduction(variable, h, combiner, detail::runtime_reduction_properties<T, BinaryOperation, false>(properties));
}
template <typename T, int Dims, typename AllocatorT, typename BinaryOperation, typename Properties,
          detail::if_reduction_properties_t<Properties> = 0>
auto reduction(buffer<T, Dims, AllocatorT> variable, handler &h, const T &identity, BinaryOperation combiner,
               Properties properties) {
  return reduction(variable, h, identity, combiner,
                   detail::runtime_reduction_properties<T, BinaryOperation, true>(properties));
}
template <typename T, std::size_t Extent, typename BinaryOperation, typename Properties,
          detail::if_reduction_properties_t<Properties> = 0>
auto reduction(span<T, Extent> variables, BinaryOperation combiner, Properties properties) {
  return reduction(variables, combiner, detail::runtime_reduction_properties<T, BinaryOperation, false>(properties));
}
template <typename T, std::size_t Extent, typename BinaryOperation, typename Properties,
          detail::if_reduction_properties_t<Properties> = 0>
auto reduction(span<T, Extent> variables, const T &identity, BinaryOperation combiner, Properties properties) {
  return reduction(variables, identity, combiner,
                   detail::runtime_reduction_properties<T, BinaryOperation, true>(properties));
}

} // namespace _V1
} // namespace sycl
