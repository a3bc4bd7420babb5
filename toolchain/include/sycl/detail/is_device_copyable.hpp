// sycl::is_device_copyable (SYCL 2020 section 3.13.1): the types a kernel may capture or take as
// arguments. Trivially copyable types are; so are std::array, std::optional, std::pair,
// std::tuple and std::variant of device-copyable types, and a program may specialize the trait
// for its own types.
#pragma once

#include <array>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "defines.hpp"

// Programs may specialize is_device_copyable for types that are not trivially copyable, and
// kernels then copy them as such (SYCL 2020 3.13.1 has the implementation say so with this
// macro; the SYCL-CTS's is_device_copyable category runs only when it is 1).
#define SYCL_DEVICE_COPYABLE 1

namespace sycl {
inline namespace _V1 {

template <typename T> struct is_device_copyable : std::is_trivially_copyable<T> {};
template <typename T> inline constexpr bool is_device_copyable_v = is_device_copyable<T>::value;

template <typename T, std::size_t N>
struct is_device_copyable<std::array<T, N>> : std::bool_constant<is_device_copyable_v<T>> {};
template <typename T> struct is_device_copyable<std::optional<T>> : std::bool_constant<is_device_copyable_v<T>> {};
template <typename T, typename U>
struct is_device_copyable<std::pair<T, U>> : std::bool_constant<is_device_copyable_v<T> && is_device_copyable_v<U>> {};
template <typename... Ts>
struct is_device_copyable<std::tuple<Ts...>> : std::bool_constant<(is_device_copyable_v<Ts> && ...)> {};
template <typename... Ts>
struct is_device_copyable<std::variant<Ts...>> : std::bool_constant<(is_device_copyable_v<Ts> && ...)> {};
// A cv-qualified type is device copyable when the unqualified one is (a specialization for the
// unqualified type covers it).
template <typename T> struct is_device_copyable<const T> : is_device_copyable<T> {};
template <typename T> struct is_device_copyable<volatile T> : is_device_copyable<T> {};
template <typename T> struct is_device_copyable<const volatile T> : is_device_copyable<T> {};

} // namespace _V1
} // namespace sycl
