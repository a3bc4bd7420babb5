// The common functions (SYCL 2020 section 4.17.7) for float, double and half scalars, vecs,
// swizzles and marrays: clamp, degrees, max, min, mix, radians, step, smoothstep, sign. The
// integer forms of clamp, max and min are in integer_functions.hpp. The scalar forms are plain
// overloads and, for calls with explicit template arguments, templates forwarding to them
// (detail::is_scalar_genfloat_v). The half forms of the single-operation functions are evaluated
// in float and rounded once; mix and smoothstep, several operations each, are evaluated in half
// arithmetic (each operation rounded to half), as `_Float16` code and the SYCL-CTS's reference do.
//
// These functions are defined by their formulas, and they are evaluated exactly as written:
// contraction into fma is switched off here, so that a kernel and a host reference written with
// the same formula get the same bits whether or not the CPU fuses multiply-adds. max, min and
// clamp are element-wise builtins (maxnum/minnum: a NaN operand yields the other one).
#pragma once

#include <type_traits>

#include "detail/gentypes.hpp"
#include "half_type.hpp"

namespace sycl {
inline namespace _V1 {

namespace detail::common {
template <typename T> T mix(T x, T y, T a) {
#pragma clang fp contract(off)
  return x + (y - x) * a;
}
template <typename T> T step(T edge, T x) { return x < edge ? T(0) : T(1); }
// x limited to [0, 1]; a NaN gives 0 (maxnum and minnum return the number).
template <typename T> T clamp_to_unit(T x) { return __builtin_elementwise_min(__builtin_elementwise_max(x, T(0)), T(1)); }
inline half clamp_to_unit(half x) { return half(clamp_to_unit(float(x))); }
template <typename T> T smoothstep(T edge0, T edge1, T x) {
#pragma clang fp contract(off)
  const T t = clamp_to_unit(T((x - edge0) / (edge1 - edge0)));
  return t * t * (T(3) - T(2) * t);
}
// 1 or -1 by the sign of x; zeros keep their sign, and a NaN gives 0.
template <typename T> T sign(T x) {
  if (x > T(0)) return T(1);
  if (x < T(0)) return T(-1);
  return x == T(0) ? x : T(0);
}
template <typename T> T degrees(T radians) {
  return radians * T(57.295779513082320876798154814105170332405472466564321549160243861L);
}
template <typename T> T radians(T degrees) {
  return degrees * T(0.017453292519943295769236907684886127134428718885417254560971914402L);
}
} // namespace detail::common

#define NCPU_COMMON_1(name, ...)                                                                    \
  inline float name(float x) { return __VA_ARGS__; }                                                \
  inline double name(double x) { return __VA_ARGS__; }                                              \
  inline half name(half x) { return half(name(float(x))); }                                         \
  NCPU_SCALAR_TEMPLATE_1(name, detail::all_scalar_genfloat_v)                                       \
  template <typename T, std::enable_if_t<detail::is_nonscalar_float_v<T>, int> = 0>                 \
  detail::value_t<T> name(const T &arg) {                                                           \
    using result = detail::value_t<T>;                                                              \
    return detail::map_elements<result>([](auto x) { return __VA_ARGS__; }, result(arg));           \
  }                                                                                                 \
  NCPU_HALF_SHAPE_FORM_1(name)
NCPU_COMMON_1(degrees, detail::common::degrees(x))
NCPU_COMMON_1(radians, detail::common::radians(x))
NCPU_COMMON_1(sign, detail::common::sign(x))
#undef NCPU_COMMON_1

// max and min: (x, y) of one shape, or a vec/marray and one scalar for every element.
#define NCPU_COMMON_MAX_MIN(name, builtin)                                                          \
  inline float name(float x, float y) { return builtin(x, y); }                                     \
  inline double name(double x, double y) { return builtin(x, y); }                                  \
  inline half name(half x, half y) { return half(name(float(x), float(y))); }                       \
  NCPU_SCALAR_TEMPLATE_2(name, detail::all_scalar_genfloat_v)                                       \
  template <typename T, typename U,                                                                 \
            std::enable_if_t<detail::is_nonscalar_float_v<T> && detail::same_shape_v<T, U>, int> = 0> \
  detail::value_t<T> name(const T &x, const U &y) {                                                 \
    return detail::apply_elementwise<detail::value_t<T>>([](auto a, auto b) NCPU_ELEMENTWISE { return builtin(a, b); }, \
                                                          x, y);                                    \
  }                                                                                                 \
  NCPU_HALF_SHAPE_FORM_2(name)                                                                      \
  template <typename T, std::enable_if_t<detail::is_nonscalar_genfloat_v<T>, int> = 0>              \
  detail::value_t<T> name(const T &x, detail::element_t<T> y) {                                     \
    return name(detail::value_t<T>(x), detail::value_t<T>(y));                                      \
  }
NCPU_COMMON_MAX_MIN(max, __builtin_elementwise_max)
NCPU_COMMON_MAX_MIN(min, __builtin_elementwise_min)
#undef NCPU_COMMON_MAX_MIN

// clamp: min(max(x, minval), maxval) (exact, so the half forms need no float evaluation).
inline float clamp(float x, float minval, float maxval) { return min(max(x, minval), maxval); }
inline double clamp(double x, double minval, double maxval) { return min(max(x, minval), maxval); }
inline half clamp(half x, half minval, half maxval) { return min(max(x, minval), maxval); }
NCPU_SCALAR_TEMPLATE_3(clamp, detail::all_scalar_genfloat_v)
template <typename T, typename U, typename V,
          std::enable_if_t<detail::is_nonscalar_genfloat_v<T> && detail::same_shape_v<T, U> &&
                               detail::same_shape_v<T, V>,
                           int> = 0>
detail::value_t<T> clamp(const T &x, const U &minval, const V &maxval) {
  return min(max(detail::value_t<T>(x), detail::value_t<T>(minval)), detail::value_t<T>(maxval));
}
template <typename T, std::enable_if_t<detail::is_nonscalar_genfloat_v<T>, int> = 0>
detail::value_t<T> clamp(const T &x, detail::element_t<T> minval, detail::element_t<T> maxval) {
  return min(max(detail::value_t<T>(x), minval), maxval);
}

// mix: x + (y - x) * a, with a of x's shape or one scalar for every element.
inline float mix(float x, float y, float a) { return detail::common::mix(x, y, a); }
inline double mix(double x, double y, double a) { return detail::common::mix(x, y, a); }
inline half mix(half x, half y, half a) { return detail::common::mix(x, y, a); }
NCPU_SCALAR_TEMPLATE_3(mix, detail::all_scalar_genfloat_v)
template <typename T, typename U, typename V,
          std::enable_if_t<detail::is_nonscalar_genfloat_v<T> && detail::same_shape_v<T, U> &&
                               detail::same_shape_v<T, V>,
                           int> = 0>
detail::value_t<T> mix(const T &x, const U &y, const V &a) {
  using result = detail::value_t<T>;
  return detail::map_elements<result>([](auto e, auto f, auto g) { return mix(e, f, g); }, result(x), result(y),
                                      result(a));
}
template <typename T, typename U,
          std::enable_if_t<detail::is_nonscalar_genfloat_v<T> && detail::same_shape_v<T, U>, int> = 0>
detail::value_t<T> mix(const T &x, const U &y, detail::element_t<T> a) {
  using result = detail::value_t<T>;
  return mix(result(x), result(y), result(a));
}

// step: 0 where x < edge, 1 elsewhere; edge of x's shape or one scalar.
inline float step(float edge, float x) { return detail::common::step(edge, x); }
inline double step(double edge, double x) { return detail::common::step(edge, x); }
inline half step(half edge, half x) { return half(step(float(edge), float(x))); }
NCPU_SCALAR_TEMPLATE_2(step, detail::all_scalar_genfloat_v)
template <typename T, typename U,
          std::enable_if_t<detail::is_nonscalar_float_v<T> && detail::same_shape_v<T, U>, int> = 0>
detail::value_t<T> step(const T &edge, const U &x) {
  using result = detail::value_t<T>;
  return detail::map_elements<result>([](auto e, auto v) { return detail::common::step(e, v); }, result(edge),
                                      result(x));
}
NCPU_HALF_SHAPE_FORM_2(step)
template <typename T, std::enable_if_t<detail::is_nonscalar_genfloat_v<T>, int> = 0>
detail::value_t<T> step(detail::element_t<T> edge, const T &x) {
  using result = detail::value_t<T>;
  return step(result(edge), result(x));
}

// smoothstep: Hermite interpolation between 0 (x <= edge0) and 1 (x >= edge1).
inline float smoothstep(float edge0, float edge1, float x) { return detail::common::smoothstep(edge0, edge1, x); }
inline double smoothstep(double edge0, double edge1, double x) { return detail::common::smoothstep(edge0, edge1, x); }
inline half smoothstep(half edge0, half edge1, half x) { return detail::common::smoothstep(edge0, edge1, x); }
NCPU_SCALAR_TEMPLATE_3(smoothstep, detail::all_scalar_genfloat_v)
template <typename T, typename U, typename V,
          std::enable_if_t<detail::is_nonscalar_genfloat_v<T> && detail::same_shape_v<T, U> &&
                               detail::same_shape_v<T, V>,
                           int> = 0>
detail::value_t<T> smoothstep(const T &edge0, const U &edge1, const V &x) {
  using result = detail::value_t<T>;
  return detail::map_elements<result>([](auto e0, auto e1, auto v) { return smoothstep(e0, e1, v); }, result(edge0),
                                      result(edge1), result(x));
}
template <typename T, std::enable_if_t<detail::is_nonscalar_genfloat_v<T>, int> = 0>
detail::value_t<T> smoothstep(detail::element_t<T> edge0, detail::element_t<T> edge1, const T &x) {
  using result = detail::value_t<T>;
  return smoothstep(result(edge0), result(edge1), result(x));
}

} // namespace _V1
} // namespace sycl
