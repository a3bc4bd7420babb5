// The SYCL function objects (SYCL 2020 section 4.17.2) and their known identities (section
// 4.10.2.1, sycl::known_identity / has_known_identity).
//
// The group algorithms (group_algorithm.hpp) recognise these operators to pick the device's
// collective; as an extension they also recognise the matching std:: function objects
// (std::plus, std::multiplies, std::bit_and/or/xor, std::logical_and/or), which mean the same.
#pragma once

#include <functional>
#include <limits>
#include <type_traits>
#include <utility>

#include "detail/defines.hpp"
#include "half_type.hpp"

namespace sycl {
inline namespace _V1 {

#define NCPU_FUNCTION_OBJECT(name, op)                                                              \
  template <typename T = void> struct name {                                                        \
    T operator()(const T &x, const T &y) const { return x op y; }                                   \
  };                                                                                                \
  template <> struct name<void> {                                                                   \
    using is_transparent = void;                                                                    \
    template <typename T, typename U>                                                               \
    auto operator()(T &&x, U &&y) const -> decltype(std::forward<T>(x) op std::forward<U>(y)) {     \
      return std::forward<T>(x) op std::forward<U>(y);                                              \
    }                                                                                               \
  };
NCPU_FUNCTION_OBJECT(plus, +)
NCPU_FUNCTION_OBJECT(multiplies, *)
NCPU_FUNCTION_OBJECT(bit_and, &)
NCPU_FUNCTION_OBJECT(bit_or, |)
NCPU_FUNCTION_OBJECT(bit_xor, ^)
// SYCL's logical operators return T (std::'s return bool).
NCPU_FUNCTION_OBJECT(logical_and, &&)
NCPU_FUNCTION_OBJECT(logical_or, ||)
#undef NCPU_FUNCTION_OBJECT

template <typename T = void> struct minimum {
  T operator()(const T &x, const T &y) const { return (x < y) ? x : y; }
};
template <> struct minimum<void> {
  using is_transparent = void;
  template <typename T, typename U>
  auto operator()(T &&x, U &&y) const -> std::common_type_t<std::decay_t<T>, std::decay_t<U>> {
    return (x < y) ? x : y;
  }
};

template <typename T = void> struct maximum {
  T operator()(const T &x, const T &y) const { return (x > y) ? x : y; }
};
template <> struct maximum<void> {
  using is_transparent = void;
  template <typename T, typename U>
  auto operator()(T &&x, U &&y) const -> std::common_type_t<std::decay_t<T>, std::decay_t<U>> {
    return (x > y) ? x : y;
  }
};

namespace detail {
// Which operation a function object computes, whatever its argument type.
enum class op_kind { none, plus, multiplies, minimum, maximum, bit_and, bit_or, bit_xor, logical_and, logical_or };

template <typename Op> struct op_kind_of : std::integral_constant<op_kind, op_kind::none> {};
#define NCPU_OP_KIND(kind, Template)                                                                \
  template <typename T> struct op_kind_of<Template<T>> : std::integral_constant<op_kind, op_kind::kind> {};
NCPU_OP_KIND(plus, sycl::plus)
NCPU_OP_KIND(multiplies, sycl::multiplies)
NCPU_OP_KIND(minimum, sycl::minimum)
NCPU_OP_KIND(maximum, sycl::maximum)
NCPU_OP_KIND(bit_and, sycl::bit_and)
NCPU_OP_KIND(bit_or, sycl::bit_or)
NCPU_OP_KIND(bit_xor, sycl::bit_xor)
NCPU_OP_KIND(logical_and, sycl::logical_and)
NCPU_OP_KIND(logical_or, sycl::logical_or)
NCPU_OP_KIND(plus, std::plus)
NCPU_OP_KIND(multiplies, std::multiplies)
NCPU_OP_KIND(bit_and, std::bit_and)
NCPU_OP_KIND(bit_or, std::bit_or)
NCPU_OP_KIND(bit_xor, std::bit_xor)
NCPU_OP_KIND(logical_and, std::logical_and)
NCPU_OP_KIND(logical_or, std::logical_or)
#undef NCPU_OP_KIND

template <typename Op> inline constexpr op_kind op_kind_v = op_kind_of<std::remove_cv_t<std::remove_reference_t<Op>>>::value;

// SYCL's scalar arithmetic types: the fundamental ones and sycl::half.
template <typename T>
inline constexpr bool is_scalar_arithmetic_v = std::is_arithmetic_v<T> || std::is_same_v<std::remove_cv_t<T>, half>;
// The floating-point ones.
template <typename T>
inline constexpr bool is_scalar_floating_point_v = std::is_floating_point_v<T> || std::is_same_v<std::remove_cv_t<T>, half>;

template <op_kind Kind, typename T> constexpr bool identity_known() {
  switch (Kind) {
  case op_kind::plus:
  case op_kind::multiplies: return is_scalar_arithmetic_v<T>;
  case op_kind::bit_and:
  case op_kind::bit_or:
  case op_kind::bit_xor: return std::is_integral_v<T>;
  case op_kind::logical_and:
  case op_kind::logical_or: return std::is_same_v<T, bool>;
  case op_kind::minimum:
  case op_kind::maximum: return std::is_integral_v<T> || is_scalar_floating_point_v<T>;
  case op_kind::none: break;
  }
  return false;
}

template <op_kind Kind, typename T> constexpr T identity_value() {
  if constexpr (Kind == op_kind::plus || Kind == op_kind::bit_or || Kind == op_kind::bit_xor)
    return T{};
  else if constexpr (Kind == op_kind::multiplies)
    return T(1);
  else if constexpr (Kind == op_kind::bit_and)
    return static_cast<T>(~T{});
  else if constexpr (Kind == op_kind::logical_and)
    return true;
  else if constexpr (Kind == op_kind::logical_or)
    return false;
  else if constexpr (Kind == op_kind::minimum)
    return is_scalar_floating_point_v<T> ? std::numeric_limits<T>::infinity() : std::numeric_limits<T>::max();
  else
    return is_scalar_floating_point_v<T> ? -std::numeric_limits<T>::infinity() : std::numeric_limits<T>::lowest();
}
} // namespace detail

template <typename BinaryOperation, typename AccumulatorT>
struct has_known_identity
    : std::bool_constant<detail::identity_known<detail::op_kind_v<BinaryOperation>, std::remove_cv_t<AccumulatorT>>()> {};
template <typename BinaryOperation, typename AccumulatorT>
inline constexpr bool has_known_identity_v = has_known_identity<BinaryOperation, AccumulatorT>::value;

template <typename BinaryOperation, typename AccumulatorT, typename = void> struct known_identity {};
template <typename BinaryOperation, typename AccumulatorT>
struct known_identity<BinaryOperation, AccumulatorT,
                      std::enable_if_t<has_known_identity_v<BinaryOperation, AccumulatorT>>> {
  static constexpr std::remove_cv_t<AccumulatorT> value =
      detail::identity_value<detail::op_kind_v<BinaryOperation>, std::remove_cv_t<AccumulatorT>>();
};
template <typename BinaryOperation, typename AccumulatorT>
inline constexpr AccumulatorT known_identity_v = known_identity<BinaryOperation, AccumulatorT>::value;

} // namespace _V1
} // namespace sycl
