// The geometric functions (SYCL 2020 section 4.17.8): cross, dot, distance, length, normalize,
// fast_distance, fast_length, fast_normalize, for float and double scalars and vecs, swizzles and
// marrays of 2, 3 or 4 elements (cross: 3 or 4, the 4th element of the result being 0; the fast_
// forms: float only).
//
// Evaluated as the formulas read, in element order and without contraction into fma (as in
// common_functions.hpp), so a host reference with the same formula agrees bit for bit:
// dot(p, q) = ((p0 q0 + p1 q1) + p2 q2) + p3 q3, length(p) = sqrt(dot(p, p)),
// normalize(p) = p / length(p). Where the sum of squares would overflow or underflow, length and
// normalize scale the vector by a power of two first. normalize keeps an all-zero vector as it
// is, and with infinite elements normalizes the vector of their signs (1 or -1 where infinite, 0
// elsewhere), as OpenCL does. fast_length, fast_distance and fast_normalize are the precise functions (their accuracy
// is the implementation's to choose).
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>

#include "detail/gentypes.hpp"

namespace sycl {
inline namespace _V1 {

namespace detail {
template <typename T>
inline constexpr bool is_geometric_v = is_nonscalar_float_v<T> && shape<std::remove_cv_t<T>>::size >= 2 &&
                                       shape<std::remove_cv_t<T>>::size <= 4;
template <typename T> inline constexpr bool is_geometric_float_v = is_geometric_v<T> && std::is_same_v<element_t<T>, float>;

namespace geometry {
template <typename V> element_t<V> dot(const V &p, const V &q) {
#pragma clang fp contract(off)
  element_t<V> sum = p[0] * q[0];
  for (int i = 1; i < int(V::size()); ++i) sum += p[i] * q[i];
  return sum;
}
template <typename V> V cross(const V &p, const V &q) {
#pragma clang fp contract(off)
  V result{};
  result[0] = p[1] * q[2] - p[2] * q[1];
  result[1] = p[2] * q[0] - p[0] * q[2];
  result[2] = p[0] * q[1] - p[1] * q[0];
  return result;
}
// When the sum of squares overflows or loses precision in the subnormal range (and no element is
// infinite or NaN), the vector is first scaled by a power of two, which is exact and leaves the
// direction alone, so that its largest element is in [1, 2).
template <typename V> bool needs_rescaling(const V &p, element_t<V> squared) {
  using E = element_t<V>;
  if (__builtin_isnan(squared)) return false;
  E largest = 0;
  for (int i = 0; i < int(V::size()); ++i) {
    if (__builtin_isinf(p[i])) return false;
    largest = __builtin_elementwise_max(largest, __builtin_elementwise_abs(p[i]));
  }
  return __builtin_isinf(squared) || (squared < std::numeric_limits<E>::min() && largest != 0);
}
template <typename V> V rescaled(const V &p, int &exponent) {
  element_t<V> largest = 0;
  for (int i = 0; i < int(V::size()); ++i) largest = __builtin_elementwise_max(largest, __builtin_elementwise_abs(p[i]));
  exponent = std::ilogb(largest);
  V result;
  for (int i = 0; i < int(V::size()); ++i) result[i] = std::ldexp(p[i], -exponent);
  return result;
}
template <typename V> element_t<V> length(const V &p) {
  const element_t<V> squared = dot(p, p);
  if (needs_rescaling(p, squared)) {
    int exponent;
    const V scaled = rescaled(p, exponent);
    return std::ldexp(__builtin_elementwise_sqrt(dot(scaled, scaled)), exponent);
  }
  return __builtin_elementwise_sqrt(squared);
}
template <typename V> V normalize(const V &p) {
  V direction = p;
  bool infinite = false;
  for (int i = 0; i < int(V::size()); ++i) infinite = infinite || __builtin_isinf(p[i]);
  if (infinite)
    for (int i = 0; i < int(V::size()); ++i)
      direction[i] = __builtin_isinf(p[i]) ? (p[i] > 0 ? 1 : -1) : 0 * p[i];
  if (needs_rescaling(direction, dot(direction, direction))) {
    int exponent;
    direction = rescaled(direction, exponent);
  }
  const element_t<V> norm = __builtin_elementwise_sqrt(dot(direction, direction));
  if (norm == 0) return direction;
  V result;
  for (int i = 0; i < int(V::size()); ++i) result[i] = direction[i] / norm;
  return result;
}
} // namespace geometry
} // namespace detail

inline float dot(float p0, float p1) { return p0 * p1; }
inline double dot(double p0, double p1) { return p0 * p1; }
NCPU_SCALAR_TEMPLATE_2(dot, detail::all_scalar_float_v)
template <typename T, typename U, std::enable_if_t<detail::is_geometric_v<T> && detail::same_shape_v<T, U>, int> = 0>
detail::element_t<T> dot(const T &p0, const U &p1) {
  return detail::geometry::dot(detail::value_t<T>(p0), detail::value_t<T>(p1));
}

template <typename T, typename U,
          std::enable_if_t<detail::is_geometric_v<T> && detail::same_shape_v<T, U> &&
                               (detail::shape<T>::size == 3 || detail::shape<T>::size == 4),
                           int> = 0>
detail::value_t<T> cross(const T &p0, const U &p1) {
  return detail::geometry::cross(detail::value_t<T>(p0), detail::value_t<T>(p1));
}

inline float length(float p) { return __builtin_fabsf(p); }
inline double length(double p) { return __builtin_fabs(p); }
NCPU_SCALAR_TEMPLATE_1(length, detail::all_scalar_float_v)
template <typename T, std::enable_if_t<detail::is_geometric_v<T>, int> = 0> detail::element_t<T> length(const T &p) {
  return detail::geometry::length(detail::value_t<T>(p));
}

inline float distance(float p0, float p1) { return length(p0 - p1); }
inline double distance(double p0, double p1) { return length(p0 - p1); }
NCPU_SCALAR_TEMPLATE_2(distance, detail::all_scalar_float_v)
template <typename T, typename U, std::enable_if_t<detail::is_geometric_v<T> && detail::same_shape_v<T, U>, int> = 0>
detail::element_t<T> distance(const T &p0, const U &p1) {
  return length(detail::value_t<T>(p0) - detail::value_t<T>(p1));
}

inline float normalize(float p) { return detail::geometry::normalize(marray<float, 1>(p))[0]; }
inline double normalize(double p) { return detail::geometry::normalize(marray<double, 1>(p))[0]; }
NCPU_SCALAR_TEMPLATE_1(normalize, detail::all_scalar_float_v)
template <typename T, std::enable_if_t<detail::is_geometric_v<T>, int> = 0> detail::value_t<T> normalize(const T &p) {
  return detail::geometry::normalize(detail::value_t<T>(p));
}

inline float fast_length(float p) { return length(p); }
NCPU_SCALAR_TEMPLATE_1(fast_length, detail::all_scalar_single_float_v)
template <typename T, std::enable_if_t<detail::is_geometric_float_v<T>, int> = 0> float fast_length(const T &p) {
  return length(p);
}
inline float fast_distance(float p0, float p1) { return distance(p0, p1); }
NCPU_SCALAR_TEMPLATE_2(fast_distance, detail::all_scalar_single_float_v)
template <typename T, typename U, std::enable_if_t<detail::is_geometric_float_v<T> && detail::same_shape_v<T, U>, int> = 0>
float fast_distance(const T &p0, const U &p1) {
  return distance(p0, p1);
}
inline float fast_normalize(float p) { return normalize(p); }
NCPU_SCALAR_TEMPLATE_1(fast_normalize, detail::all_scalar_single_float_v)
template <typename T, std::enable_if_t<detail::is_geometric_float_v<T>, int> = 0>
detail::value_t<T> fast_normalize(const T &p) {
  return normalize(p);
}

} // namespace _V1
} // namespace sycl
