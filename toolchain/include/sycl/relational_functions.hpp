// The relational functions (SYCL 2020 section 4.17.9): isequal, isnotequal, isgreater,
// isgreaterequal, isless, islessequal, islessgreater, isfinite, isinf, isnan, isnormal,
// isordered, isunordered, signbit, any, all, bitselect and select.
//
// Results: bool for scalars, marray<bool, N> for marrays, and for vecs (and swizzles) the signed
// integer vec of the element's width with -1 for true and 0 for false — which is what an ext
// vector comparison yields, so the vec forms are single vector compares. any and all look at the
// most significant bit of each element of a vec of signed integers (and at the values of a bool
// or an marray<bool>); select picks b where the most significant bit of c's element is set (vec),
// or where c is true (scalar, marray).
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "detail/gentypes.hpp"
#include "half_type.hpp"

namespace sycl {
inline namespace _V1 {

namespace detail {
// bool for a scalar (a half scalar is tested as the float it converts to exactly), marray<bool, N> for an marray, vec<intN_t, N> for a vec or swizzle.
template <typename T>
using relational_result_t =
    std::conditional_t<shape_kind_v<T> == shape_kind::vec, with_element_t<T, same_size_signed_t<element_t<T>>>,
                       with_element_t<T, bool>>;
template <typename T> inline constexpr bool is_relational_arg_v = is_float_element_v<std::remove_cv_t<T>> || is_nonscalar_float_v<T>;
// The result for a half shape from its float shape's: int16_t lanes for a vec.
template <typename T, typename FloatResult> relational_result_t<T> narrow_relational(const FloatResult &result) {
  if constexpr (shape_kind_v<T> == shape_kind::vec)
    return result.template convert<std::int16_t>();
  else
    return result;
}
} // namespace detail

#define NCPU_RELATIONAL_1(name, ...)                                                                \
  template <typename T, std::enable_if_t<detail::is_relational_arg_v<T>, int> = 0>                  \
  detail::relational_result_t<T> name(const T &arg) {                                               \
    return detail::apply_elementwise<detail::relational_result_t<T>>(                               \
        [](auto x) NCPU_ELEMENTWISE { return __VA_ARGS__; }, arg);                                  \
  }                                                                                                 \
  inline bool name(float x) { return name<float>(x); }                                              \
  inline bool name(double x) { return name<double>(x); }                                            \
  inline bool name(half x) { return name(float(x)); }                                               \
  template <typename T, std::enable_if_t<detail::is_nonscalar_half_v<T>, int> = 0>                  \
  detail::relational_result_t<T> name(const T &arg) {                                               \
    return detail::narrow_relational<T>(name(detail::as_float_shape(arg)));                         \
  }
#define NCPU_RELATIONAL_2(name, ...)                                                                \
  template <typename T, typename U,                                                                 \
            std::enable_if_t<detail::is_relational_arg_v<T> && detail::same_shape_v<T, U>, int> = 0> \
  detail::relational_result_t<T> name(const T &arg1, const U &arg2) {                               \
    return detail::apply_elementwise<detail::relational_result_t<T>>(                               \
        [](auto x, auto y) NCPU_ELEMENTWISE { return __VA_ARGS__; }, arg1, arg2);                   \
  }                                                                                                 \
  inline bool name(float x, float y) { return name<float, float>(x, y); }                           \
  inline bool name(double x, double y) { return name<double, double>(x, y); }                       \
  inline bool name(half x, half y) { return name(float(x), float(y)); }                             \
  template <typename T, typename U,                                                                 \
            std::enable_if_t<detail::is_nonscalar_half_v<T> && detail::same_shape_v<T, U>, int> = 0> \
  detail::relational_result_t<T> name(const T &arg1, const U &arg2) {                               \
    return detail::narrow_relational<T>(name(detail::as_float_shape(arg1), detail::as_float_shape(arg2))); \
  }
NCPU_RELATIONAL_2(isequal, x == y)
NCPU_RELATIONAL_2(isnotequal, x != y)
NCPU_RELATIONAL_2(isgreater, x > y)
NCPU_RELATIONAL_2(isgreaterequal, x >= y)
NCPU_RELATIONAL_2(isless, x < y)
NCPU_RELATIONAL_2(islessequal, x <= y)
NCPU_RELATIONAL_2(islessgreater, (x < y) | (x > y))
NCPU_RELATIONAL_2(isordered, (x == x) & (y == y))
NCPU_RELATIONAL_2(isunordered, (x != x) | (y != y))
NCPU_RELATIONAL_1(isnan, x != x)
NCPU_RELATIONAL_1(isinf, __builtin_elementwise_abs(x) == detail::splat<decltype(x)>(__builtin_inf()))
NCPU_RELATIONAL_1(isfinite, __builtin_elementwise_abs(x) < detail::splat<decltype(x)>(__builtin_inf()))
NCPU_RELATIONAL_1(isnormal, (__builtin_elementwise_abs(x) >= detail::splat<decltype(x)>(
                                 std::numeric_limits<detail::lane_t<decltype(x)>>::min())) &
                                (__builtin_elementwise_abs(x) < detail::splat<decltype(x)>(__builtin_inf())))
// The sign bit, read as the sign of the same-width signed integer with the same bits.
NCPU_RELATIONAL_1(signbit, __builtin_bit_cast(detail::same_width_signed_t<decltype(x)>, x) < 0)
#undef NCPU_RELATIONAL_2
#undef NCPU_RELATIONAL_1

namespace detail {
template <typename T> inline constexpr bool is_bool_marray_v = shape_kind_v<T> == shape_kind::marray && std::is_same_v<element_t<T>, bool>;
// What any and all take besides scalars: vecs and marrays of signed integers, marrays of bool.
template <typename T, bool IsNonscalar = is_nonscalar_v<T>> struct is_any_all_nonscalar : std::false_type {};
template <typename T>
struct is_any_all_nonscalar<T, true>
    : std::bool_constant<(std::is_integral_v<element_t<T>> && std::is_signed_v<element_t<T>>) || is_bool_marray_v<T>> {};
template <typename T> inline constexpr bool is_any_all_nonscalar_v = is_any_all_nonscalar<std::remove_cv_t<T>>::value;
} // namespace detail

// any / all: bool and marray<bool> by value; signed integers (scalars, vecs, marrays) by their
// most significant bit. A vec's answer is an int (1 or 0), as OpenCL's; the others' a bool.
inline bool any(bool x) { return x; }
inline bool all(bool x) { return x; }
template <typename T, std::enable_if_t<std::is_integral_v<T> && std::is_signed_v<T>, int> = 0> bool any(T x) { return x < 0; }
template <typename T, std::enable_if_t<std::is_integral_v<T> && std::is_signed_v<T>, int> = 0> bool all(T x) { return x < 0; }
namespace detail {
template <typename T> using any_all_result_t = std::conditional_t<shape_kind_v<T> == shape_kind::vec, int, bool>;
} // namespace detail
template <typename T, std::enable_if_t<detail::is_any_all_nonscalar_v<T>, int> = 0>
detail::any_all_result_t<T> any(const T &x) {
  const detail::value_t<T> value(x);
  bool result = false;
  for (std::size_t i = 0; i < value.size(); ++i) result = result || any(value[int(i)]);
  return result;
}
template <typename T, std::enable_if_t<detail::is_any_all_nonscalar_v<T>, int> = 0>
detail::any_all_result_t<T> all(const T &x) {
  const detail::value_t<T> value(x);
  bool result = true;
  for (std::size_t i = 0; i < value.size(); ++i) result = result && all(value[int(i)]);
  return result;
}

namespace detail {
template <typename T> auto bits_of(T x) {
  if constexpr (is_floating_element_v<T>)
    return __builtin_bit_cast(same_size_unsigned_t<T>, x);
  else
    return x;
}
// bits: T's bits, possibly promoted to int by the operators that combined them.
template <typename T, typename Bits> T from_bits(Bits bits) {
  if constexpr (is_floating_element_v<T>)
    return __builtin_bit_cast(T, same_size_unsigned_t<T>(bits));
  else
    return T(bits);
}
template <typename T> T bitselect(T a, T b, T c) {
  return from_bits<T>((bits_of(a) & ~bits_of(c)) | (bits_of(b) & bits_of(c)));
}
template <typename T>
inline constexpr bool is_bitselect_arg_v = is_scalar_genfloat_v<std::remove_cv_t<T>> || is_integer_element_v<std::remove_cv_t<T>> ||
                                           is_nonscalar_genfloat_v<T> || element_is_integer<std::remove_cv_t<T>>::value;
} // namespace detail

// bitselect: each bit from b where that bit of c is 1, from a where it is 0.
template <typename T, typename U, typename V,
          std::enable_if_t<detail::is_bitselect_arg_v<T> && detail::same_shape_v<T, U> && detail::same_shape_v<T, V>, int> = 0>
detail::value_t<T> bitselect(const T &a, const U &b, const V &c) {
  using result = detail::value_t<T>;
  return detail::map_elements<result>([](auto x, auto y, auto z) { return detail::bitselect(x, y, z); }, result(a),
                                      result(b), result(c));
}

// select: scalars pick b when c is true (non-zero); marrays where c[i] is true; vecs where the
// most significant bit of c[i] is set, c being a vec of integers of the element's width.
template <typename T, typename C,
          std::enable_if_t<detail::is_bitselect_arg_v<T> && !detail::is_nonscalar_v<T> && std::is_integral_v<C>, int> = 0>
T select(T a, T b, C c) {
  return c ? b : a;
}
template <typename T, typename U, typename C,
          std::enable_if_t<detail::is_bitselect_arg_v<T> && detail::shape_kind_v<T> == detail::shape_kind::marray &&
                               detail::same_shape_v<T, U> && detail::is_bool_marray_v<C> &&
                               detail::shape<C>::size == detail::shape<T>::size,
                           int> = 0>
detail::value_t<T> select(const T &a, const U &b, const C &c) {
  using result = detail::value_t<T>;
  return detail::map_elements<result>([](auto x, auto y, bool z) { return z ? y : x; }, a, b, c);
}
template <typename T, typename U, typename C,
          std::enable_if_t<detail::is_bitselect_arg_v<T> && detail::shape_kind_v<T> == detail::shape_kind::vec &&
                               detail::same_shape_v<T, U> && detail::shape_kind_v<C> == detail::shape_kind::vec &&
                               std::is_integral_v<detail::element_t<C>> &&
                               sizeof(detail::element_t<C>) == sizeof(detail::element_t<T>) &&
                               detail::shape<C>::size == detail::shape<T>::size,
                           int> = 0>
detail::value_t<T> select(const T &a, const U &b, const C &c) {
  using result = detail::value_t<T>;
  using mask = typename detail::with_element_t<T, detail::same_size_signed_t<detail::element_t<T>>>::vector_t;
  const mask signed_c(detail::value_t<C>(c).template as<detail::with_element_t<T, detail::lane_t<mask>>>());
  const mask chosen = __builtin_convertvector(signed_c < 0, mask);
  const mask a_bits = __builtin_bit_cast(mask, detail::native_of(a));
  const mask b_bits = __builtin_bit_cast(mask, detail::native_of(b));
  return result(__builtin_bit_cast(typename result::vector_t, (a_bits & ~chosen) | (b_bits & chosen)));
}

} // namespace _V1
} // namespace sycl
