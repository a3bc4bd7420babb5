// The math functions (SYCL 2020 section 4.17.5), and sycl::native and sycl::half_precision
// (sections 4.17.5.1 and 4.17.5.2), for float and double scalars, vecs, swizzles and marrays.
//
// Lowering: wherever clang has an element-wise builtin (__builtin_elementwise_sqrt, _sin, _fma,
// _floor, _pow …) the function is that builtin, which becomes an LLVM intrinsic on the whole
// vector (llvm.sqrt.v8f32, llvm.fma.v4f64 …): the backend emits SIMD instructions where the CPU
// has them (sqrt, fma, floor, min/max …) and calls libm per element where it has not (sin,
// exp …). Functions without such a builtin call libm (erff, tgammaf, cbrtf …) element by element,
// so device code only ever references libm. Functions that libm lacks (sinpi, rootn, powr, …)
// are computed here; the float ones in double, which makes them nearly correctly rounded. The
// accuracy of each function is within the OpenCL 3.0 ulp bounds SYCL 2020 refers to (see
// tests/programs/math_precision.cpp, which measures it).
//
// sycl::native and sycl::half_precision use the same, full-precision implementations: the
// specification leaves their accuracy to the implementation (half_precision: at least 8192 ulp),
// and on a CPU the precise functions are as fast as any approximation LLVM could use.
//
// Scalar forms are ordinary overloads for float and double, so the usual arithmetic conversions
// apply to their arguments (`sycl::pow(x, 2)` with a float x is pow(float, float)); the vec,
// swizzle and marray forms are templates taking arguments of the same shape (a swizzle returns
// the vec it converts to). Pointer arguments may be raw pointers or multi_ptrs. Each function of
// the families below also takes half scalars, vecs and marrays, evaluated in float and rounded
// once to half (half_type.hpp).
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "detail/gentypes.hpp"
#include "half_type.hpp"

namespace sycl {
inline namespace _V1 {

namespace detail {
// The int vec or marray of a function's int arguments and results (ilogb, frexp, ldexp, pown,
// rootn, remquo, lgamma_r): int for float and double elements alike.
template <typename T> using int_shape_t = with_element_t<T, std::int32_t>;
template <typename Ptr, typename T> inline constexpr bool points_to_v = std::is_convertible_v<Ptr, T *>;

// Scalar implementations of what libm does not provide.
namespace math {
constexpr double pi = 3.14159265358979323846;
constexpr double inverse_pi = 0.31830988618379067154;

// sin(pi x) and cos(pi x): x - 2 round(x / 2) is exact and in [-1, 1], and the symmetries
// below reduce it exactly further, so that sin or cos only sees arguments up to pi/4 and the
// zeros at integers (sinpi) and half-integers (cospi) come out exactly 0. float is evaluated in
// double, which makes it nearly correctly rounded.
template <typename T> using evaluation_t = std::conditional_t<std::is_same_v<T, float>, double, T>;
template <typename T> T sinpi(T x) {
  using W = evaluation_t<T>;
  if (!__builtin_isfinite(x)) return x - x;
  const T r = x - T(2) * __builtin_elementwise_rint(T(0.5) * x);
  const T a = __builtin_elementwise_abs(r);
  W magnitude;
  if (a <= T(0.25))
    magnitude = __builtin_elementwise_sin(W(pi) * W(a));
  else if (a <= T(0.75))
    magnitude = __builtin_elementwise_cos(W(pi) * W(a - T(0.5)));
  else
    magnitude = __builtin_elementwise_sin(W(pi) * W(T(1) - a));
  const T result = T(__builtin_elementwise_copysign(magnitude, W(r)));
  return result == T(0) ? __builtin_elementwise_copysign(T(0), x) : result;
}
template <typename T> T cospi(T x) {
  using W = evaluation_t<T>;
  if (!__builtin_isfinite(x)) return x - x;
  const T a = __builtin_elementwise_abs(x - T(2) * __builtin_elementwise_rint(T(0.5) * x));
  if (a <= T(0.25)) return T(__builtin_elementwise_cos(W(pi) * W(a)));
  if (a <= T(0.75)) return T(__builtin_elementwise_sin(W(pi) * W(T(0.5) - a)));
  return T(-__builtin_elementwise_cos(W(pi) * W(T(1) - a)));
}

// tan(pi x) has period 1: r = x - round(x) is exact and in [-0.5, 0.5]; +-0.5 are the poles
// (+inf after an even integer, -inf after an odd one), integers give a zero with the sign the
// OpenCL specification gives.
template <typename T> T tanpi_zero(T x) {
  const bool even = __builtin_fmod(double(__builtin_rint(double(x))), 2.0) == 0.0;
  return even ? T(__builtin_copysign(0.0, double(x))) : T(__builtin_copysign(0.0, -double(x)));
}
inline float tanpi(float x) {
  if (!__builtin_isfinite(x)) return x - x;
  const float r = x - __builtin_rintf(x);
  if (r == 0.0f) return tanpi_zero(x);
  if (__builtin_fabsf(r) == 0.5f) return __builtin_copysignf(__builtin_inff(), r);
  return float(__builtin_tan(pi * double(r)));
}
inline double tanpi(double x) {
  if (!__builtin_isfinite(x)) return x - x;
  const double r = x - __builtin_rint(x);
  if (r == 0.0) return tanpi_zero(x);
  const double a = __builtin_fabs(r);
  if (a == 0.5) return __builtin_copysign(__builtin_inf(), r);
  const double magnitude = a <= 0.25 ? __builtin_tan(pi * a) : 1.0 / __builtin_tan(pi * (0.5 - a));
  return __builtin_copysign(magnitude, r);
}

inline float acospi(float x) { return float(__builtin_acos(double(x)) * inverse_pi); }
inline double acospi(double x) { return __builtin_acos(x) * inverse_pi; }
inline float asinpi(float x) { return float(__builtin_asin(double(x)) * inverse_pi); }
inline double asinpi(double x) { return __builtin_asin(x) * inverse_pi; }
inline float atanpi(float x) { return float(__builtin_atan(double(x)) * inverse_pi); }
inline double atanpi(double x) { return __builtin_atan(x) * inverse_pi; }
inline float atan2pi(float y, float x) { return float(__builtin_atan2(double(y), double(x)) * inverse_pi); }
inline double atan2pi(double y, double x) { return __builtin_atan2(y, x) * inverse_pi; }

// x - floor(x), kept below 1 (x slightly below an integer would round to 1).
template <typename T> T fract(T x, T *whole) {
  const T down = __builtin_elementwise_floor(x);
  *whole = down;
  if (__builtin_isnan(x)) return x;
  if (__builtin_isinf(x)) return __builtin_copysign(T(0), x);
  constexpr T largest_below_one = std::is_same_v<T, float> ? T(0x1.fffffep-1) : T(0x1.fffffffffffffp-1);
  return __builtin_elementwise_min(x - down, largest_below_one);
}

template <typename T> T fdim(T x, T y) {
  if (x > y) return x - y;
  if (x <= y) return T(0);
  return x + y; // a NaN
}
template <typename T> T maxmag(T x, T y) {
  const T ax = __builtin_elementwise_abs(x), ay = __builtin_elementwise_abs(y);
  if (ax > ay) return x;
  if (ay > ax) return y;
  return __builtin_elementwise_max(x, y);
}
template <typename T> T minmag(T x, T y) {
  const T ax = __builtin_elementwise_abs(x), ay = __builtin_elementwise_abs(y);
  if (ax < ay) return x;
  if (ay < ax) return y;
  return __builtin_elementwise_min(x, y);
}

// x to an integer power: exact in double for float; glibc's pow is correctly rounded in almost
// all cases for double, and an int converts exactly.
inline float pown(float x, int n) { return float(__builtin_pow(double(x), double(n))); }
inline double pown(double x, int n) { return __builtin_pow(x, double(n)); }

// The n-th root, with the OpenCL special cases: no root of a negative number for even n, and
// rootn(x, 0) is NaN. The exponent 1/n is inexact, so the power is taken in a wider type (the
// error of 1/n grows with log(x)): double for float, long double for double.
template <typename T, typename Wide> T rootn_in(T x, int n) {
  if (n == 0) return T(__builtin_nan(""));
  const bool odd = (n & 1) != 0;
  if (x < 0 && !odd) return T(__builtin_nan(""));
  const Wide magnitude = std::pow(Wide(__builtin_fabs(double(x))), Wide(1) / Wide(n));
  const T result = T(magnitude);
  return odd ? T(__builtin_copysign(double(result), double(x))) : result;
}
inline float rootn(float x, int n) { return rootn_in<float, double>(x, n); }
inline double rootn(double x, int n) { return rootn_in<double, long double>(x, n); }

// pow for x >= 0, with the OpenCL special cases where it differs from pow.
template <typename T> T powr(T x, T y) {
  const T nan = T(__builtin_nan(""));
  if (x < 0 || __builtin_isnan(x) || __builtin_isnan(y)) return nan;
  if (x == 0 && y == 0) return nan;
  if (__builtin_isinf(x) && y == 0) return nan;
  if (x == 1 && __builtin_isinf(y)) return nan;
  return __builtin_elementwise_pow(x, y);
}

inline float lgamma(float x) {
  int sign;
  return ::lgammaf_r(x, &sign);
}
inline double lgamma(double x) {
  int sign;
  return ::lgamma_r(x, &sign);
}
} // namespace math

// The vec/marray form of a function with a second result through a pointer: `f(element,
// &second)` for each element, the second results stored through `out` as one `Second`.
template <typename Second, typename T, typename Ptr, typename F>
value_t<T> with_second_result(const T &x, Ptr out, F f) {
  const value_t<T> value(x);
  value_t<T> result;
  Second second;
  for (std::size_t i = 0; i < value.size(); ++i) result[i] = f(value[i], &second[i]);
  *out = second;
  return result;
}
} // namespace detail

// ---- The function families ---------------------------------------------------------------------
// VECTOR: the expression works on scalars and native vectors (an element-wise builtin).
// SCALAR: the expression works on scalars only and is applied to each element.
#define NCPU_MATH_VECTOR_1(name, ...)                                                               \
  inline float name(float x) { return __VA_ARGS__; }                                                \
  inline double name(double x) { return __VA_ARGS__; }                                              \
  inline half name(half x) { return half(name(float(x))); }                                         \
  template <typename T, std::enable_if_t<detail::is_nonscalar_float_v<T>, int> = 0>                 \
  detail::value_t<T> name(const T &arg) {                                                           \
    return detail::apply_elementwise<detail::value_t<T>>([](auto x) NCPU_ELEMENTWISE { return __VA_ARGS__; }, arg); \
  }                                                                                                 \
  NCPU_HALF_SHAPE_FORM_1(name)
#define NCPU_MATH_SCALAR_1(name, ...)                                                               \
  inline float name(float x) { return __VA_ARGS__; }                                                \
  inline double name(double x) { return __VA_ARGS__; }                                              \
  inline half name(half x) { return half(name(float(x))); }                                         \
  template <typename T, std::enable_if_t<detail::is_nonscalar_float_v<T>, int> = 0>                 \
  detail::value_t<T> name(const T &arg) {                                                           \
    using result = detail::value_t<T>;                                                              \
    return detail::map_elements<result>([](auto x) { return __VA_ARGS__; }, result(arg));           \
  }                                                                                                 \
  NCPU_HALF_SHAPE_FORM_1(name)
#define NCPU_MATH_VECTOR_2(name, ...)                                                               \
  inline float name(float x, float y) { return __VA_ARGS__; }                                       \
  inline double name(double x, double y) { return __VA_ARGS__; }                                    \
  inline half name(half x, half y) { return half(name(float(x), float(y))); }                       \
  template <typename T, typename U,                                                                 \
            std::enable_if_t<detail::is_nonscalar_float_v<T> && detail::same_shape_v<T, U>, int> = 0> \
  detail::value_t<T> name(const T &arg1, const U &arg2) {                                           \
    return detail::apply_elementwise<detail::value_t<T>>(                                           \
        [](auto x, auto y) NCPU_ELEMENTWISE { return __VA_ARGS__; }, arg1, arg2);                   \
  }                                                                                                 \
  NCPU_HALF_SHAPE_FORM_2(name)
#define NCPU_MATH_SCALAR_2(name, ...)                                                               \
  inline float name(float x, float y) { return __VA_ARGS__; }                                       \
  inline double name(double x, double y) { return __VA_ARGS__; }                                    \
  inline half name(half x, half y) { return half(name(float(x), float(y))); }                       \
  template <typename T, typename U,                                                                 \
            std::enable_if_t<detail::is_nonscalar_float_v<T> && detail::same_shape_v<T, U>, int> = 0> \
  detail::value_t<T> name(const T &arg1, const U &arg2) {                                           \
    using result = detail::value_t<T>;                                                              \
    return detail::map_elements<result>([](auto x, auto y) { return __VA_ARGS__; }, result(arg1), result(arg2)); \
  }                                                                                                 \
  NCPU_HALF_SHAPE_FORM_2(name)
#define NCPU_MATH_VECTOR_3(name, ...)                                                               \
  inline float name(float x, float y, float z) { return __VA_ARGS__; }                              \
  inline double name(double x, double y, double z) { return __VA_ARGS__; }                          \
  inline half name(half x, half y, half z) { return half(name(float(x), float(y), float(z))); }     \
  template <typename T, typename U, typename V,                                                     \
            std::enable_if_t<detail::is_nonscalar_float_v<T> && detail::same_shape_v<T, U> &&       \
                                 detail::same_shape_v<T, V>,                                        \
                             int> = 0>                                                              \
  detail::value_t<T> name(const T &arg1, const U &arg2, const V &arg3) {                            \
    return detail::apply_elementwise<detail::value_t<T>>(                                           \
        [](auto x, auto y, auto z) NCPU_ELEMENTWISE { return __VA_ARGS__; }, arg1, arg2, arg3);     \
  }                                                                                                 \
  NCPU_HALF_SHAPE_FORM_3(name)

// (x, int) functions: the vec and marray forms take an int vec or marray of the same length.
#define NCPU_MATH_WITH_INT(name, ...)                                                               \
  inline float name(float x, int n) { return __VA_ARGS__; }                                         \
  inline double name(double x, int n) { return __VA_ARGS__; }                                       \
  inline half name(half x, int n) { return half(name(float(x), n)); }                               \
  template <typename T, typename N,                                                                 \
            std::enable_if_t<detail::is_nonscalar_float_v<T> &&                                     \
                                 detail::same_shape_v<N, detail::int_shape_t<T>>,                   \
                             int> = 0>                                                              \
  detail::value_t<T> name(const T &arg, const N &power) {                                           \
    using result = detail::value_t<T>;                                                              \
    return detail::map_elements<result>([](auto x, int n) { return __VA_ARGS__; }, result(arg),     \
                                        detail::int_shape_t<T>(power));                             \
  }                                                                                                 \
  template <typename T, typename N,                                                                 \
            std::enable_if_t<detail::is_nonscalar_half_v<T> &&                                      \
                                 detail::same_shape_v<N, detail::int_shape_t<T>>,                   \
                             int> = 0>                                                              \
  detail::value_t<T> name(const T &arg, const N &power) {                                           \
    return detail::as_half_shape<T>(name(detail::as_float_shape(arg), detail::int_shape_t<T>(power))); \
  }

NCPU_MATH_VECTOR_1(acos, __builtin_elementwise_acos(x))
NCPU_MATH_SCALAR_1(acosh, std::acosh(x))
NCPU_MATH_SCALAR_1(acospi, detail::math::acospi(x))
NCPU_MATH_VECTOR_1(asin, __builtin_elementwise_asin(x))
NCPU_MATH_SCALAR_1(asinh, std::asinh(x))
NCPU_MATH_SCALAR_1(asinpi, detail::math::asinpi(x))
NCPU_MATH_VECTOR_1(atan, __builtin_elementwise_atan(x))
NCPU_MATH_VECTOR_2(atan2, __builtin_elementwise_atan2(x, y))
NCPU_MATH_SCALAR_1(atanh, std::atanh(x))
NCPU_MATH_SCALAR_1(atanpi, detail::math::atanpi(x))
NCPU_MATH_SCALAR_2(atan2pi, detail::math::atan2pi(x, y))
NCPU_MATH_SCALAR_1(cbrt, std::cbrt(x))
NCPU_MATH_VECTOR_1(ceil, __builtin_elementwise_ceil(x))
NCPU_MATH_VECTOR_2(copysign, __builtin_elementwise_copysign(x, y))
NCPU_MATH_VECTOR_1(cos, __builtin_elementwise_cos(x))
NCPU_MATH_VECTOR_1(cosh, __builtin_elementwise_cosh(x))
NCPU_MATH_SCALAR_1(cospi, detail::math::cospi(x))
NCPU_MATH_SCALAR_1(erfc, std::erfc(x))
NCPU_MATH_SCALAR_1(erf, std::erf(x))
NCPU_MATH_VECTOR_1(exp, __builtin_elementwise_exp(x))
NCPU_MATH_VECTOR_1(exp2, __builtin_elementwise_exp2(x))
NCPU_MATH_VECTOR_1(exp10, __builtin_elementwise_exp10(x))
NCPU_MATH_SCALAR_1(expm1, std::expm1(x))
NCPU_MATH_VECTOR_1(fabs, __builtin_elementwise_abs(x))
NCPU_MATH_SCALAR_2(fdim, detail::math::fdim(x, y))
NCPU_MATH_VECTOR_1(floor, __builtin_elementwise_floor(x))
NCPU_MATH_VECTOR_3(fma, __builtin_elementwise_fma(x, y, z))
NCPU_MATH_VECTOR_2(fmax, __builtin_elementwise_max(x, y))
NCPU_MATH_VECTOR_2(fmin, __builtin_elementwise_min(x, y))
NCPU_MATH_VECTOR_2(fmod, __builtin_elementwise_fmod(x, y))
NCPU_MATH_SCALAR_2(hypot, std::hypot(x, y))
NCPU_MATH_WITH_INT(ldexp, std::ldexp(x, n))
NCPU_MATH_SCALAR_1(lgamma, detail::math::lgamma(x))
NCPU_MATH_VECTOR_1(log, __builtin_elementwise_log(x))
NCPU_MATH_VECTOR_1(log2, __builtin_elementwise_log2(x))
NCPU_MATH_VECTOR_1(log10, __builtin_elementwise_log10(x))
NCPU_MATH_SCALAR_1(log1p, std::log1p(x))
NCPU_MATH_SCALAR_1(logb, std::logb(x))
// a * b + c, which the compiler may fuse into one fma (contraction is allowed within an expression).
NCPU_MATH_VECTOR_3(mad, x *y + z)
NCPU_MATH_SCALAR_2(maxmag, detail::math::maxmag(x, y))
NCPU_MATH_SCALAR_2(minmag, detail::math::minmag(x, y))
NCPU_MATH_VECTOR_2(pow, __builtin_elementwise_pow(x, y))
NCPU_MATH_WITH_INT(pown, detail::math::pown(x, n))
NCPU_MATH_SCALAR_2(powr, detail::math::powr(x, y))
NCPU_MATH_SCALAR_2(remainder, std::remainder(x, y))
NCPU_MATH_VECTOR_1(rint, __builtin_elementwise_rint(x))
NCPU_MATH_WITH_INT(rootn, detail::math::rootn(x, n))
NCPU_MATH_VECTOR_1(round, __builtin_elementwise_round(x))
// Two correctly rounded operations: below 1.5 ulp, within the 2 ulp the specification allows.
NCPU_MATH_VECTOR_1(rsqrt, decltype(x)(1) / __builtin_elementwise_sqrt(x))
NCPU_MATH_VECTOR_1(sin, __builtin_elementwise_sin(x))
NCPU_MATH_VECTOR_1(sinh, __builtin_elementwise_sinh(x))
NCPU_MATH_SCALAR_1(sinpi, detail::math::sinpi(x))
NCPU_MATH_VECTOR_1(sqrt, __builtin_elementwise_sqrt(x))
NCPU_MATH_VECTOR_1(tan, __builtin_elementwise_tan(x))
NCPU_MATH_VECTOR_1(tanh, __builtin_elementwise_tanh(x))
NCPU_MATH_SCALAR_1(tanpi, detail::math::tanpi(x))
NCPU_MATH_SCALAR_1(tgamma, std::tgamma(x))
NCPU_MATH_VECTOR_1(trunc, __builtin_elementwise_trunc(x))

// fmax and fmin also take a scalar second argument for every element.
template <typename T, std::enable_if_t<detail::is_nonscalar_genfloat_v<T>, int> = 0>
detail::value_t<T> fmax(const T &x, detail::element_t<T> y) {
  return fmax(detail::value_t<T>(x), detail::value_t<T>(y));
}
template <typename T, std::enable_if_t<detail::is_nonscalar_genfloat_v<T>, int> = 0>
detail::value_t<T> fmin(const T &x, detail::element_t<T> y) {
  return fmin(detail::value_t<T>(x), detail::value_t<T>(y));
}
// ldexp also takes one int exponent for every element.
template <typename T, std::enable_if_t<detail::is_nonscalar_genfloat_v<T>, int> = 0>
detail::value_t<T> ldexp(const T &x, int k) {
  return ldexp(x, detail::int_shape_t<T>(k));
}

// nextafter steps to the neighbouring value of the arguments' own type, so its half forms cannot
// evaluate in float as the families above do.
inline float nextafter(float x, float y) { return detail::next_toward(x, y); }
inline double nextafter(double x, double y) { return detail::next_toward(x, y); }
inline half nextafter(half x, half y) { return detail::next_toward(x, y); }
template <typename T, typename U,
          std::enable_if_t<(detail::is_nonscalar_float_v<T> || detail::is_nonscalar_half_v<T>) && detail::same_shape_v<T, U>,
                           int> = 0>
detail::value_t<T> nextafter(const T &x, const U &y) {
  using result = detail::value_t<T>;
  return detail::map_elements<result>([](auto a, auto b) { return detail::next_toward(a, b); }, result(x), result(y));
}

// ilogb: the exponent as an int (FP_ILOGB0 for 0, FP_ILOGBNAN for NaN).
inline int ilogb(float x) { return std::ilogb(x); }
inline int ilogb(double x) { return std::ilogb(x); }
inline int ilogb(half x) { return std::ilogb(float(x)); }
template <typename T, std::enable_if_t<detail::is_nonscalar_genfloat_v<T>, int> = 0>
detail::int_shape_t<T> ilogb(const T &x) {
  return detail::map_elements<detail::int_shape_t<T>>([](auto e) { return ilogb(e); }, detail::value_t<T>(x));
}

// nan: a quiet NaN carrying nancode in its payload; the nancode's width picks the result type
// (16 bits half, 32 float, 64 double).
inline half nan(std::uint16_t nancode) { return half::from_bits(std::uint16_t(0x7e00u | (nancode & 0x01ffu))); }
inline float nan(std::uint32_t nancode) { return __builtin_bit_cast(float, 0x7fc00000u | (nancode & 0x003fffffu)); }
inline double nan(std::uint64_t nancode) {
  return __builtin_bit_cast(double, 0x7ff8000000000000ull | (nancode & 0x0007ffffffffffffull));
}
// unsigned long long is a 64-bit nancode too, where it is not std::uint64_t (unsigned long on LP64).
template <typename T,
          std::enable_if_t<std::is_same_v<T, unsigned long long> && !std::is_same_v<T, std::uint64_t>, int> = 0>
double nan(T nancode) {
  return nan(std::uint64_t(nancode));
}
template <typename T, std::enable_if_t<detail::element_is_integer<T>::value && std::is_unsigned_v<detail::element_t<T>> &&
                                           sizeof(detail::element_t<T>) >= 2,
                                       int> = 0>
auto nan(const T &nancode) {
  using code = detail::same_size_unsigned_t<detail::element_t<T>>;
  using result = detail::with_element_t<T, decltype(nan(code()))>;
  return detail::map_elements<result>([](code c) { return nan(c); }, detail::value_t<T>(nancode));
}

// ---- Functions with pointer arguments ---------------------------------------------------------
// The scalar forms' template versions take the pointer type as their template parameter
// (`sycl::modf<float *>(x, &whole)`, detail::is_scalar_genfloat_v); Ptr may be a multi_ptr.
#define NCPU_MATH_POINTER_TEMPLATE(name, Pointee)                                                   \
  template <typename Ptr, std::enable_if_t<detail::points_to_v<Ptr, Pointee<float>>, int> = 0>      \
  float name(float x, Ptr out) {                                                                    \
    return name(x, static_cast<Pointee<float> *>(out));                                             \
  }                                                                                                 \
  template <typename Ptr, std::enable_if_t<detail::points_to_v<Ptr, Pointee<double>>, int> = 0>     \
  double name(double x, Ptr out) {                                                                  \
    return name(x, static_cast<Pointee<double> *>(out));                                            \
  }                                                                                                 \
  template <typename Ptr, std::enable_if_t<detail::points_to_v<Ptr, Pointee<half>>, int> = 0>       \
  half name(half x, Ptr out) {                                                                      \
    return name(x, static_cast<Pointee<half> *>(out));                                              \
  }
namespace detail {
// What the pointer argument of fract, modf and sincos (the argument's type) and of frexp and
// lgamma_r (int) points to.
template <typename T> using same_type = T;
template <typename T> using int_type = int;
} // namespace detail

// The vec and marray forms, half's included: the scalar form applied to each element.
// fract: x - floor(x), and floor(x) in *iptr.
inline float fract(float x, float *iptr) { return detail::math::fract(x, iptr); }
inline double fract(double x, double *iptr) { return detail::math::fract(x, iptr); }
// Exact in float; rounded to half, a result just below 1 becomes 1, hence the step back to the
// largest half below 1.
inline half fract(half x, half *iptr) {
  float whole;
  const half result = half(fract(float(x), &whole));
  *iptr = half(whole);
  return result == half(1.0f) ? half::from_bits(0x3bffu) : result;
}
NCPU_MATH_POINTER_TEMPLATE(fract, detail::same_type)
template <typename T, typename Ptr,
          std::enable_if_t<detail::is_nonscalar_genfloat_v<T> && detail::points_to_v<Ptr, detail::value_t<T>>, int> = 0>
detail::value_t<T> fract(const T &x, Ptr iptr) {
  return detail::with_second_result<detail::value_t<T>>(x, iptr, [](auto v, auto *whole) { return fract(v, whole); });
}

// frexp: the mantissa in [0.5, 1), and the exponent in *exp.
inline float frexp(float x, int *exp) { return std::frexp(x, exp); }
inline double frexp(double x, int *exp) { return std::frexp(x, exp); }
inline half frexp(half x, int *exp) { return half(std::frexp(float(x), exp)); }
NCPU_MATH_POINTER_TEMPLATE(frexp, detail::int_type)
template <typename T, typename Ptr,
          std::enable_if_t<detail::is_nonscalar_genfloat_v<T> && detail::points_to_v<Ptr, detail::int_shape_t<T>>, int> = 0>
detail::value_t<T> frexp(const T &x, Ptr exp) {
  return detail::with_second_result<detail::int_shape_t<T>>(x, exp, [](auto v, int *e) { return frexp(v, e); });
}

// lgamma_r: log|gamma(x)|, and the sign of gamma(x) in *signp.
inline float lgamma_r(float x, int *signp) { return ::lgammaf_r(x, signp); }
inline double lgamma_r(double x, int *signp) { return ::lgamma_r(x, signp); }
inline half lgamma_r(half x, int *signp) { return half(lgamma_r(float(x), signp)); }
NCPU_MATH_POINTER_TEMPLATE(lgamma_r, detail::int_type)
template <typename T, typename Ptr,
          std::enable_if_t<detail::is_nonscalar_genfloat_v<T> && detail::points_to_v<Ptr, detail::int_shape_t<T>>, int> = 0>
detail::value_t<T> lgamma_r(const T &x, Ptr signp) {
  return detail::with_second_result<detail::int_shape_t<T>>(x, signp,
                                                            [](auto v, int *sign) { return lgamma_r(v, sign); });
}

// modf: the fractional part, and the integral part in *iptr (both exact in every type).
inline float modf(float x, float *iptr) { return std::modf(x, iptr); }
inline double modf(double x, double *iptr) { return std::modf(x, iptr); }
inline half modf(half x, half *iptr) {
  float whole;
  const float fraction = std::modf(float(x), &whole);
  *iptr = half(whole);
  return half(fraction);
}
NCPU_MATH_POINTER_TEMPLATE(modf, detail::same_type)
template <typename T, typename Ptr,
          std::enable_if_t<detail::is_nonscalar_genfloat_v<T> && detail::points_to_v<Ptr, detail::value_t<T>>, int> = 0>
detail::value_t<T> modf(const T &x, Ptr iptr) {
  return detail::with_second_result<detail::value_t<T>>(x, iptr, [](auto v, auto *whole) { return modf(v, whole); });
}

// remquo: the remainder (exact in every type), and in *quo the sign and at least the 7 low bits
// of the quotient.
inline float remquo(float x, float y, int *quo) { return std::remquo(x, y, quo); }
inline double remquo(double x, double y, int *quo) { return std::remquo(x, y, quo); }
inline half remquo(half x, half y, int *quo) { return half(std::remquo(float(x), float(y), quo)); }
template <typename Ptr, std::enable_if_t<detail::points_to_v<Ptr, int>, int> = 0>
float remquo(float x, float y, Ptr quo) {
  return remquo(x, y, static_cast<int *>(quo));
}
template <typename Ptr, std::enable_if_t<detail::points_to_v<Ptr, int>, int> = 0>
double remquo(double x, double y, Ptr quo) {
  return remquo(x, y, static_cast<int *>(quo));
}
template <typename Ptr, std::enable_if_t<detail::points_to_v<Ptr, int>, int> = 0> half remquo(half x, half y, Ptr quo) {
  return remquo(x, y, static_cast<int *>(quo));
}
template <typename T, typename U, typename Ptr,
          std::enable_if_t<detail::is_nonscalar_genfloat_v<T> && detail::same_shape_v<T, U> &&
                               detail::points_to_v<Ptr, detail::int_shape_t<T>>,
                           int> = 0>
detail::value_t<T> remquo(const T &x, const U &y, Ptr quo) {
  const detail::value_t<T> xs(x), ys(y);
  detail::value_t<T> result;
  detail::int_shape_t<T> quotients;
  for (std::size_t i = 0; i < xs.size(); ++i) result[i] = remquo(xs[i], ys[i], &quotients[i]);
  *quo = quotients;
  return result;
}

// sincos: sin(x), and cos(x) in *cosval.
inline float sincos(float x, float *cosval) {
  *cosval = cos(x);
  return sin(x);
}
inline double sincos(double x, double *cosval) {
  *cosval = cos(x);
  return sin(x);
}
inline half sincos(half x, half *cosval) {
  *cosval = cos(x);
  return sin(x);
}
NCPU_MATH_POINTER_TEMPLATE(sincos, detail::same_type)
template <typename T, typename Ptr,
          std::enable_if_t<detail::is_nonscalar_genfloat_v<T> && detail::points_to_v<Ptr, detail::value_t<T>>, int> = 0>
detail::value_t<T> sincos(const T &x, Ptr cosval) {
  const detail::value_t<T> value(x);
  *cosval = cos(value);
  return sin(value);
}
#undef NCPU_MATH_POINTER_TEMPLATE

// ---- sycl::native and sycl::half_precision: float only ----------------------------------------
#define NCPU_FLOAT_ONLY_1(name, implementation)                                                     \
  inline float name(float x) { return implementation(x); }                                          \
  template <typename T, std::enable_if_t<detail::is_nonscalar_single_float_v<T>, int> = 0>          \
  detail::value_t<T> name(const T &x) {                                                             \
    return implementation(x);                                                                       \
  }
#define NCPU_FLOAT_ONLY_2(name, implementation)                                                     \
  inline float name(float x, float y) { return implementation(x, y); }                              \
  template <typename T, typename U,                                                                 \
            std::enable_if_t<detail::is_nonscalar_single_float_v<T> && detail::same_shape_v<T, U>, int> = 0> \
  detail::value_t<T> name(const T &x, const U &y) {                                                 \
    return implementation(x, y);                                                                    \
  }
#define NCPU_FLOAT_ONLY_FAMILY                                                                      \
  NCPU_FLOAT_ONLY_1(cos, sycl::cos)                                                                 \
  NCPU_FLOAT_ONLY_2(divide, detail::divide)                                                         \
  NCPU_FLOAT_ONLY_1(exp, sycl::exp)                                                                 \
  NCPU_FLOAT_ONLY_1(exp2, sycl::exp2)                                                               \
  NCPU_FLOAT_ONLY_1(exp10, sycl::exp10)                                                             \
  NCPU_FLOAT_ONLY_1(log, sycl::log)                                                                 \
  NCPU_FLOAT_ONLY_1(log2, sycl::log2)                                                               \
  NCPU_FLOAT_ONLY_1(log10, sycl::log10)                                                             \
  NCPU_FLOAT_ONLY_2(powr, sycl::powr)                                                               \
  NCPU_FLOAT_ONLY_1(recip, detail::recip)                                                           \
  NCPU_FLOAT_ONLY_1(sin, sycl::sin)                                                                 \
  NCPU_FLOAT_ONLY_1(sqrt, sycl::sqrt)                                                               \
  NCPU_FLOAT_ONLY_1(tan, sycl::tan)

namespace detail {
inline float divide(float x, float y) { return x / y; }
template <typename T, typename U> value_t<T> divide(const T &x, const U &y) { return value_t<T>(x) / value_t<T>(y); }
inline float recip(float x) { return 1.0f / x; }
template <typename T> value_t<T> recip(const T &x) { return value_t<T>(1.0f) / value_t<T>(x); }
// native::rsqrt, whose precision SYCL leaves to the implementation. In kernels it is x86's
// estimate (`rsqrtss`/`vrsqrtps`, within 1.5 * 2^-12 relative; 2^-14 on AVX-512) without a Newton
// step, for scalars and for the vectorizer's vector forms alike: the device compile's
// `define-native-math` gives this declaration its bodies (docs/vectorizer.md, "Native
// functions"). On the host, the estimate refined by one Newton step (LLVM's `arcp`).
// tests/programs/math_precision.cpp holds both to native's 8192-ulp bound for positive normal x.
#ifdef __SYCL_DEVICE_ONLY__
extern "C" float __nativecpu_native_rsqrtf(float) __attribute__((const, nothrow));
inline float estimated_rsqrt(float x) { return __nativecpu_native_rsqrtf(x); }
#else
inline float estimated_rsqrt(float x) {
#pragma clang fp reciprocal(on)
  return 1.0f / __builtin_elementwise_sqrt(x);
}
#endif
template <typename T> value_t<T> estimated_rsqrt(const T &arg) {
  using result = value_t<T>;
  return map_elements<result>([](float x) { return estimated_rsqrt(x); }, result(arg));
}
} // namespace detail

namespace native {
NCPU_FLOAT_ONLY_FAMILY
NCPU_FLOAT_ONLY_1(rsqrt, detail::estimated_rsqrt)
} // namespace native
namespace half_precision {
NCPU_FLOAT_ONLY_FAMILY
NCPU_FLOAT_ONLY_1(rsqrt, sycl::rsqrt)
} // namespace half_precision

#undef NCPU_FLOAT_ONLY_FAMILY
#undef NCPU_FLOAT_ONLY_2
#undef NCPU_FLOAT_ONLY_1
#undef NCPU_MATH_WITH_INT
#undef NCPU_MATH_VECTOR_3
#undef NCPU_MATH_SCALAR_2
#undef NCPU_MATH_VECTOR_2
#undef NCPU_MATH_SCALAR_1
#undef NCPU_MATH_VECTOR_1

} // namespace _V1
} // namespace sycl
