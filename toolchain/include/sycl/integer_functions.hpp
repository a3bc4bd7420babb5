// The integer functions (SYCL 2020 section 4.17.6) for integer scalars, vecs, swizzles and
// marrays: abs, abs_diff, add_sat, hadd, rhadd, clamp, clz, ctz, mad_hi, mad_sat, max, min,
// mul_hi, rotate, sub_sat, upsample, popcount, mad24, mul24.
//
// Each function is one template over all shapes; its arguments have one shape and element type
// (clamp, max and min also take one scalar for every element). Where clang has an element-wise
// builtin (abs, add_sat, sub_sat, max, min, popcount, and the funnel shift for rotate) a vec is
// one LLVM vector intrinsic (llvm.sadd.sat.v8i16, llvm.fshl.v4i32 …); the rest work per element
// on scalars, in a wider type where the result needs one (mul_hi, mad_sat) and in the unsigned
// type where C++ would overflow. abs and abs_diff return the argument's type, as in SYCL 2020.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>

#include "detail/gentypes.hpp"

namespace sycl {
inline namespace _V1 {

namespace detail::integer {
template <typename T> using unsigned_of_t = std::make_unsigned_t<T>;
template <typename T> constexpr int bits = int(sizeof(T) * 8);

// The double-width type for mul_hi and mad_sat.
template <typename T>
using wide_t = std::conditional_t<(sizeof(T) < 8), std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>,
                                  std::conditional_t<std::is_signed_v<T>, __int128, unsigned __int128>>;

template <typename T> T abs_diff(T x, T y) {
  const unsigned_of_t<T> ux = unsigned_of_t<T>(x), uy = unsigned_of_t<T>(y);
  return T(x > y ? unsigned_of_t<T>(ux - uy) : unsigned_of_t<T>(uy - ux));
}
// (x + y) >> 1 and (x + y + 1) >> 1 without overflowing the sum.
template <typename T> T hadd(T x, T y) { return T((x >> 1) + (y >> 1) + (x & y & 1)); }
template <typename T> T rhadd(T x, T y) { return T((x >> 1) + (y >> 1) + ((x | y) & 1)); }
template <typename T> T clz(T x) { return T(__builtin_clzg(unsigned_of_t<T>(x), bits<T>)); }
template <typename T> T ctz(T x) { return T(__builtin_ctzg(unsigned_of_t<T>(x), bits<T>)); }
template <typename T> T mul_hi(T x, T y) { return T((wide_t<T>(x) * wide_t<T>(y)) >> bits<T>); }
template <typename T> T mad_hi(T a, T b, T c) { return T(unsigned_of_t<T>(mul_hi(a, b)) + unsigned_of_t<T>(c)); }
// a * b + c is exact in the double-width type (also (2^64 - 1)^2 + 2^64 - 1 < 2^128).
template <typename T> T mad_sat(T a, T b, T c) {
  const wide_t<T> exact = wide_t<T>(a) * wide_t<T>(b) + wide_t<T>(c);
  if (exact > wide_t<T>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
  if (exact < wide_t<T>(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
  return T(exact);
}
template <typename T> T mul24(T x, T y) { return T(unsigned_of_t<T>(x) * unsigned_of_t<T>(y)); }
template <typename T> T mad24(T x, T y, T z) { return T(unsigned_of_t<T>(mul24(x, y)) + unsigned_of_t<T>(z)); }
} // namespace detail::integer

// One template per function; an integer scalar is its own shape.
#define NCPU_INTEGER_1(name, apply, ...)                                                            \
  template <typename T, std::enable_if_t<detail::is_geninteger_v<T>, int> = 0> detail::value_t<T> name(const T &arg) { \
    return detail::apply<detail::value_t<T>>([](auto x) NCPU_ELEMENTWISE { return __VA_ARGS__; },   \
                                             detail::value_t<T>(arg));                              \
  }
#define NCPU_INTEGER_2(name, apply, ...)                                                            \
  template <typename T, typename U,                                                                 \
            std::enable_if_t<detail::is_geninteger_v<T> && detail::same_shape_v<T, U>, int> = 0>    \
  detail::value_t<T> name(const T &arg1, const U &arg2) {                                           \
    return detail::apply<detail::value_t<T>>([](auto x, auto y) NCPU_ELEMENTWISE { return __VA_ARGS__; }, \
                                             detail::value_t<T>(arg1), detail::value_t<T>(arg2));   \
  }
#define NCPU_INTEGER_3(name, apply, ...)                                                            \
  template <typename T, typename U, typename V,                                                     \
            std::enable_if_t<detail::is_geninteger_v<T> && detail::same_shape_v<T, U> && detail::same_shape_v<T, V>, \
                             int> = 0>                                                              \
  detail::value_t<T> name(const T &arg1, const U &arg2, const V &arg3) {                            \
    return detail::apply<detail::value_t<T>>([](auto x, auto y, auto z) NCPU_ELEMENTWISE { return __VA_ARGS__; }, \
                                             detail::value_t<T>(arg1), detail::value_t<T>(arg2),    \
                                             detail::value_t<T>(arg3));                             \
  }

// abs: |x| (of an unsigned x, x itself).
template <typename T, std::enable_if_t<detail::is_geninteger_v<T>, int> = 0> detail::value_t<T> abs(const T &x) {
  if constexpr (std::is_unsigned_v<detail::element_t<T>>)
    return detail::value_t<T>(x);
  else
    return detail::apply_elementwise<detail::value_t<T>>([](auto v) NCPU_ELEMENTWISE { return __builtin_elementwise_abs(v); },
                                                         detail::value_t<T>(x));
}
NCPU_INTEGER_2(abs_diff, map_elements, detail::integer::abs_diff(x, y))
NCPU_INTEGER_2(add_sat, apply_elementwise, __builtin_elementwise_add_sat(x, y))
NCPU_INTEGER_2(sub_sat, apply_elementwise, __builtin_elementwise_sub_sat(x, y))
NCPU_INTEGER_2(hadd, map_elements, detail::integer::hadd(x, y))
NCPU_INTEGER_2(rhadd, map_elements, detail::integer::rhadd(x, y))
NCPU_INTEGER_1(clz, map_elements, detail::integer::clz(x))
NCPU_INTEGER_1(ctz, map_elements, detail::integer::ctz(x))
NCPU_INTEGER_1(popcount, apply_elementwise, __builtin_elementwise_popcount(x))
NCPU_INTEGER_2(mul_hi, map_elements, detail::integer::mul_hi(x, y))
NCPU_INTEGER_3(mad_hi, map_elements, detail::integer::mad_hi(x, y, z))
NCPU_INTEGER_3(mad_sat, map_elements, detail::integer::mad_sat(x, y, z))
// rotate: v rotated left by i modulo the element's width (a funnel shift of v with itself).
NCPU_INTEGER_2(rotate, apply_elementwise, __builtin_elementwise_fshl(x, x, y))
NCPU_INTEGER_2(max, apply_elementwise, __builtin_elementwise_max(x, y))
NCPU_INTEGER_2(min, apply_elementwise, __builtin_elementwise_min(x, y))
#undef NCPU_INTEGER_3
#undef NCPU_INTEGER_2
#undef NCPU_INTEGER_1

// max and min of a vec or marray and one scalar for every element.
template <typename T, std::enable_if_t<detail::is_geninteger_v<T> && detail::is_nonscalar_v<T>, int> = 0>
detail::value_t<T> max(const T &x, detail::element_t<T> y) {
  return max(detail::value_t<T>(x), detail::value_t<T>(y));
}
template <typename T, std::enable_if_t<detail::is_geninteger_v<T> && detail::is_nonscalar_v<T>, int> = 0>
detail::value_t<T> min(const T &x, detail::element_t<T> y) {
  return min(detail::value_t<T>(x), detail::value_t<T>(y));
}

// clamp: min(max(x, minval), maxval), with limits of x's shape or scalars.
template <typename T, typename U, typename V,
          std::enable_if_t<detail::is_geninteger_v<T> && detail::same_shape_v<T, U> && detail::same_shape_v<T, V>, int> = 0>
detail::value_t<T> clamp(const T &x, const U &minval, const V &maxval) {
  return min(max(detail::value_t<T>(x), detail::value_t<T>(minval)), detail::value_t<T>(maxval));
}
template <typename T, std::enable_if_t<detail::is_geninteger_v<T> && detail::is_nonscalar_v<T>, int> = 0>
detail::value_t<T> clamp(const T &x, detail::element_t<T> minval, detail::element_t<T> maxval) {
  return min(max(detail::value_t<T>(x), minval), maxval);
}

// mad24 and mul24: 32-bit integers whose values fit in 24 bits (other values give an
// unspecified result; here the low 32 bits of the full product).
template <typename T, typename U,
          std::enable_if_t<detail::is_geninteger_v<T> && sizeof(detail::element_t<T>) == 4 && detail::same_shape_v<T, U>, int> = 0>
detail::value_t<T> mul24(const T &x, const U &y) {
  using result = detail::value_t<T>;
  return detail::map_elements<result>([](auto a, auto b) { return detail::integer::mul24(a, b); }, result(x), result(y));
}
template <typename T, typename U, typename V,
          std::enable_if_t<detail::is_geninteger_v<T> && sizeof(detail::element_t<T>) == 4 && detail::same_shape_v<T, U> &&
                               detail::same_shape_v<T, V>,
                           int> = 0>
detail::value_t<T> mad24(const T &x, const U &y, const V &z) {
  using result = detail::value_t<T>;
  return detail::map_elements<result>([](auto a, auto b, auto c) { return detail::integer::mad24(a, b, c); }, result(x),
                                      result(y), result(z));
}

// upsample: (hi << width) | lo in the integer of twice the width, signed when hi is; hi of 8, 16
// or 32 bits, lo the unsigned integer of hi's width.
namespace detail::integer {
template <typename Hi>
using upsampled_t = std::conditional_t<std::is_signed_v<Hi>, typename integers_of_size<2 * sizeof(Hi)>::signed_type,
                                       typename integers_of_size<2 * sizeof(Hi)>::unsigned_type>;
template <typename Hi, typename Lo> upsampled_t<Hi> upsample(Hi hi, Lo lo) {
  using wide = upsampled_t<Hi>;
  return wide((std::make_unsigned_t<wide>(hi) << bits<Hi>) | std::make_unsigned_t<wide>(lo));
}
} // namespace detail::integer
template <typename H, typename L,
          std::enable_if_t<detail::is_geninteger_v<H> && sizeof(detail::element_t<H>) <= 4 &&
                               std::is_same_v<detail::value_t<L>, detail::with_element_t<H, detail::same_size_unsigned_t<detail::element_t<H>>>>,
                           int> = 0>
auto upsample(const H &hi, const L &lo) {
  using result = detail::with_element_t<H, detail::integer::upsampled_t<detail::element_t<H>>>;
  return detail::map_elements<result>([](auto h, auto l) { return detail::integer::upsample(h, l); },
                                      detail::value_t<H>(hi), detail::value_t<L>(lo));
}

} // namespace _V1
} // namespace sycl
