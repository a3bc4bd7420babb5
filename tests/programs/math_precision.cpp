// Accuracy of the SYCL math functions on the device, against the host's libm one precision up:
// each function runs in a kernel over a sweep of inputs (random points across its domain, linear
// or across magnitudes, plus integers, halves and the domain's ends), and the largest error in
// ulps must stay within the bound of the OpenCL 3.0 tables that SYCL 2020 refers to (float: full
// profile; double), or be 0 for the exact functions. float results are measured against double
// libm, double results against long double libm (x87 extended precision); functions libm lacks
// (sinpi, rootn, …) get a reference written here in the wider type, with a different formula
// from the implementation's where it matters (rootn: exp(log|x| / n)). sycl::native and
// sycl::half_precision are checked against the 8192-ulp bound of half_precision (the native
// bound is implementation-defined); native::rsqrt, the hardware estimate (about 6,000 ulp at
// most), for positive normal x. Prints one line per function with the largest error.
#include <sycl/sycl.hpp>
#include "check.hpp"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <vector>

namespace {

// ---- The functions -------------------------------------------------------------------------
enum unary_fn {
  ACOS, ACOSH, ACOSPI, ASIN, ASINH, ASINPI, ATAN, ATANH, ATANPI, CBRT, CEIL, COS, COSH, COSPI, ERFC, ERF, EXP,
  EXP2, EXP10, EXPM1, FABS, FLOOR, LGAMMA, LOG, LOG2, LOG10, LOG1P, LOGB, RINT, ROUND, RSQRT, SIN, SINH, SINPI,
  SQRT, TAN, TANH, TANPI, TGAMMA, TRUNC,
  NATIVE_COS, NATIVE_EXP, NATIVE_EXP2, NATIVE_EXP10, NATIVE_LOG, NATIVE_LOG2, NATIVE_LOG10, NATIVE_RECIP,
  NATIVE_RSQRT, NATIVE_SIN, NATIVE_SQRT, NATIVE_TAN, HALF_COS, HALF_EXP, HALF_LOG, HALF_RECIP, HALF_RSQRT,
  HALF_SIN, HALF_SQRT, HALF_TAN,
  UNARY_COUNT
};
enum binary_fn {
  ATAN2, ATAN2PI, COPYSIGN, FDIM, FMAX, FMIN, FMOD, HYPOT, MAXMAG, MINMAG, NEXTAFTER, POW, POWR, REMAINDER,
  NATIVE_DIVIDE, NATIVE_POWR, HALF_DIVIDE, HALF_POWR,
  BINARY_COUNT
};
enum int_arg_fn { LDEXP, POWN, ROOTN, INT_ARG_COUNT };

// Device side: one switch per arity, so one kernel per arity and type.
template <typename T> T device_unary(int fn, T x) {
  if constexpr (std::is_same_v<T, float>) {
    switch (fn) {
    case NATIVE_COS: return sycl::native::cos(x);
    case NATIVE_EXP: return sycl::native::exp(x);
    case NATIVE_EXP2: return sycl::native::exp2(x);
    case NATIVE_EXP10: return sycl::native::exp10(x);
    case NATIVE_LOG: return sycl::native::log(x);
    case NATIVE_LOG2: return sycl::native::log2(x);
    case NATIVE_LOG10: return sycl::native::log10(x);
    case NATIVE_RECIP: return sycl::native::recip(x);
    case NATIVE_RSQRT: return sycl::native::rsqrt(x);
    case NATIVE_SIN: return sycl::native::sin(x);
    case NATIVE_SQRT: return sycl::native::sqrt(x);
    case NATIVE_TAN: return sycl::native::tan(x);
    case HALF_COS: return sycl::half_precision::cos(x);
    case HALF_EXP: return sycl::half_precision::exp(x);
    case HALF_LOG: return sycl::half_precision::log(x);
    case HALF_RECIP: return sycl::half_precision::recip(x);
    case HALF_RSQRT: return sycl::half_precision::rsqrt(x);
    case HALF_SIN: return sycl::half_precision::sin(x);
    case HALF_SQRT: return sycl::half_precision::sqrt(x);
    case HALF_TAN: return sycl::half_precision::tan(x);
    }
  }
  switch (fn) {
  case ACOS: return sycl::acos(x);
  case ACOSH: return sycl::acosh(x);
  case ACOSPI: return sycl::acospi(x);
  case ASIN: return sycl::asin(x);
  case ASINH: return sycl::asinh(x);
  case ASINPI: return sycl::asinpi(x);
  case ATAN: return sycl::atan(x);
  case ATANH: return sycl::atanh(x);
  case ATANPI: return sycl::atanpi(x);
  case CBRT: return sycl::cbrt(x);
  case CEIL: return sycl::ceil(x);
  case COS: return sycl::cos(x);
  case COSH: return sycl::cosh(x);
  case COSPI: return sycl::cospi(x);
  case ERFC: return sycl::erfc(x);
  case ERF: return sycl::erf(x);
  case EXP: return sycl::exp(x);
  case EXP2: return sycl::exp2(x);
  case EXP10: return sycl::exp10(x);
  case EXPM1: return sycl::expm1(x);
  case FABS: return sycl::fabs(x);
  case FLOOR: return sycl::floor(x);
  case LGAMMA: return sycl::lgamma(x);
  case LOG: return sycl::log(x);
  case LOG2: return sycl::log2(x);
  case LOG10: return sycl::log10(x);
  case LOG1P: return sycl::log1p(x);
  case LOGB: return sycl::logb(x);
  case RINT: return sycl::rint(x);
  case ROUND: return sycl::round(x);
  case RSQRT: return sycl::rsqrt(x);
  case SIN: return sycl::sin(x);
  case SINH: return sycl::sinh(x);
  case SINPI: return sycl::sinpi(x);
  case SQRT: return sycl::sqrt(x);
  case TAN: return sycl::tan(x);
  case TANH: return sycl::tanh(x);
  case TANPI: return sycl::tanpi(x);
  case TGAMMA: return sycl::tgamma(x);
  case TRUNC: return sycl::trunc(x);
  }
  return T(0);
}

template <typename T> T device_binary(int fn, T x, T y) {
  if constexpr (std::is_same_v<T, float>) {
    switch (fn) {
    case NATIVE_DIVIDE: return sycl::native::divide(x, y);
    case NATIVE_POWR: return sycl::native::powr(x, y);
    case HALF_DIVIDE: return sycl::half_precision::divide(x, y);
    case HALF_POWR: return sycl::half_precision::powr(x, y);
    }
  }
  switch (fn) {
  case ATAN2: return sycl::atan2(x, y);
  case ATAN2PI: return sycl::atan2pi(x, y);
  case COPYSIGN: return sycl::copysign(x, y);
  case FDIM: return sycl::fdim(x, y);
  case FMAX: return sycl::fmax(x, y);
  case FMIN: return sycl::fmin(x, y);
  case FMOD: return sycl::fmod(x, y);
  case HYPOT: return sycl::hypot(x, y);
  case MAXMAG: return sycl::maxmag(x, y);
  case MINMAG: return sycl::minmag(x, y);
  case NEXTAFTER: return sycl::nextafter(x, y);
  case POW: return sycl::pow(x, y);
  case POWR: return sycl::powr(x, y);
  case REMAINDER: return sycl::remainder(x, y);
  }
  return T(0);
}

template <typename T> T device_int_arg(int fn, T x, int n) {
  switch (fn) {
  case LDEXP: return sycl::ldexp(x, n);
  case POWN: return sycl::pown(x, n);
  case ROOTN: return sycl::rootn(x, n);
  }
  return T(0);
}

// ---- References, in W (double for float, long double for double) ---------------------------
template <typename W> W pi() { return W(3.141592653589793238462643383279502884L); }
// sin(pi x), cos(pi x) and tan(pi x), reduced exactly (fmod, and subtractions of nearby values)
// until the argument of sin, cos or tan is at most pi/4 or pi/2, so that the reference is also
// accurate next to the zeros and poles; integers and half-integers give exact zeros.
template <typename W> W sinpi_reference(W x) {
  W r = std::fmod(x, W(2)); // (-2, 2)
  if (r > 1) r -= 2;
  if (r < -1) r += 2;
  if (std::fabs(r) > W(0.5)) r = std::copysign(1 - std::fabs(r), r); // sin(pi - a) = sin(a)
  return std::sin(pi<W>() * r);
}
template <typename W> W cospi_reference(W x) {
  W r = std::fabs(std::fmod(x, W(2))); // [0, 2)
  if (r > 1) r = 2 - r;                 // [0, 1]
  return std::sin(pi<W>() * (W(0.5) - r)); // cos(pi r) = sin(pi (1/2 - r))
}
template <typename W> W tanpi_reference(W x) {
  W r = std::fmod(x, W(1));
  if (r > W(0.5)) r -= 1;
  if (r < W(-0.5)) r += 1; // [-1/2, 1/2]
  if (std::fabs(r) == W(0.5)) {
    // A pole: +inf after an even integer, -inf after an odd one (OpenCL).
    const bool even = std::fmod(std::floor(x), W(2)) == 0;
    return even ? std::numeric_limits<W>::infinity() : -std::numeric_limits<W>::infinity();
  }
  if (std::fabs(r) <= W(0.25)) return std::tan(pi<W>() * r);
  return std::copysign(1 / std::tan(pi<W>() * (W(0.5) - std::fabs(r))), r);
}
template <typename W> W exp10_reference(W x) {
  if constexpr (std::is_same_v<W, double>)
    return ::exp10(x);
  else
    return ::exp10l(x);
}

template <typename W> W reference_unary(int fn, W x) {
  switch (fn) {
  case ACOS: return std::acos(x);
  case ACOSH: return std::acosh(x);
  case ACOSPI: return std::acos(x) / pi<W>();
  case ASIN: return std::asin(x);
  case ASINH: return std::asinh(x);
  case ASINPI: return std::asin(x) / pi<W>();
  case ATAN: return std::atan(x);
  case ATANH: return std::atanh(x);
  case ATANPI: return std::atan(x) / pi<W>();
  case CBRT: return std::cbrt(x);
  case CEIL: return std::ceil(x);
  case COS: case NATIVE_COS: case HALF_COS: return std::cos(x);
  case COSH: return std::cosh(x);
  case COSPI: return cospi_reference(x);
  case ERFC: return std::erfc(x);
  case ERF: return std::erf(x);
  case EXP: case NATIVE_EXP: case HALF_EXP: return std::exp(x);
  case EXP2: case NATIVE_EXP2: return std::exp2(x);
  case EXP10: case NATIVE_EXP10: return exp10_reference(x);
  case EXPM1: return std::expm1(x);
  case FABS: return std::fabs(x);
  case FLOOR: return std::floor(x);
  case LGAMMA: return std::lgamma(x);
  case LOG: case NATIVE_LOG: case HALF_LOG: return std::log(x);
  case LOG2: case NATIVE_LOG2: return std::log2(x);
  case LOG10: case NATIVE_LOG10: return std::log10(x);
  case LOG1P: return std::log1p(x);
  case LOGB: return std::logb(x);
  case RINT: return std::rint(x);
  case ROUND: return std::round(x);
  case RSQRT: case NATIVE_RSQRT: case HALF_RSQRT: return W(1) / std::sqrt(x);
  case NATIVE_RECIP: case HALF_RECIP: return W(1) / x;
  case SIN: case NATIVE_SIN: case HALF_SIN: return std::sin(x);
  case SINH: return std::sinh(x);
  case SINPI: return sinpi_reference(x);
  case SQRT: case NATIVE_SQRT: case HALF_SQRT: return std::sqrt(x);
  case TAN: case NATIVE_TAN: case HALF_TAN: return std::tan(x);
  case TANH: return std::tanh(x);
  case TANPI: return tanpi_reference(x);
  case TGAMMA: return std::tgamma(x);
  case TRUNC: return std::trunc(x);
  }
  return W(0);
}

template <typename W> W powr_reference(W x, W y) {
  if (x < 0) return std::numeric_limits<W>::quiet_NaN();
  return std::pow(x, y);
}
// T: nextafter steps in the type being tested.
template <typename T, typename W> W reference_binary(int fn, W x, W y) {
  switch (fn) {
  case NEXTAFTER: return W(std::nextafter(T(x), T(y)));
  case ATAN2: return std::atan2(x, y);
  case ATAN2PI: return std::atan2(x, y) / pi<W>();
  case COPYSIGN: return std::copysign(x, y);
  case FDIM: return std::fdim(x, y);
  case FMAX: return std::fmax(x, y);
  case FMIN: return std::fmin(x, y);
  case FMOD: return std::fmod(x, y);
  case HYPOT: return std::hypot(x, y);
  case MAXMAG: return std::fabs(x) > std::fabs(y) ? x : std::fabs(y) > std::fabs(x) ? y : std::fmax(x, y);
  case MINMAG: return std::fabs(x) < std::fabs(y) ? x : std::fabs(y) < std::fabs(x) ? y : std::fmin(x, y);
  case POW: return std::pow(x, y);
  case POWR: case NATIVE_POWR: case HALF_POWR: return powr_reference(x, y);
  case REMAINDER: return std::remainder(x, y);
  case NATIVE_DIVIDE: case HALF_DIVIDE: return x / y;
  }
  return W(0);
}

template <typename W> W reference_int_arg(int fn, W x, int n) {
  switch (fn) {
  case LDEXP: return std::ldexp(x, n);
  case POWN: return std::pow(x, W(n));
  case ROOTN: {
    if (n == 0 || (x < 0 && n % 2 == 0)) return std::numeric_limits<W>::quiet_NaN();
    const W magnitude = std::exp(std::log(std::fabs(x)) / W(n));
    return x < 0 ? -magnitude : magnitude;
  }
  }
  return W(0);
}

// ---- Errors in ulps -----------------------------------------------------------------------
// |got - reference| in units of the last place of T at the reference.
template <typename T, typename W> double ulp_error(T got, W reference) {
  const double infinite = std::numeric_limits<double>::infinity();
  if (std::isnan(reference)) return std::isnan(got) ? 0 : infinite;
  if (std::isnan(got)) return infinite;
  const W largest = W(std::numeric_limits<T>::max());
  if (std::isinf(got) || std::isinf(reference))
    return (std::isinf(got) ? W(got) : got) == reference ||
                   (std::isinf(got) && std::fabs(reference) > largest && std::signbit(got) == std::signbit(reference))
               ? 0
               : infinite;
  const W magnitude = std::fabs(reference);
  const W ulp = magnitude < W(std::numeric_limits<T>::min())
                    ? W(std::numeric_limits<T>::denorm_min())
                    : std::ldexp(W(1), std::ilogb(magnitude) - (std::numeric_limits<T>::digits - 1));
  return double(std::fabs(W(got) - reference) / ulp);
}

// ---- Inputs ---------------------------------------------------------------------------------
enum class spread { linear, magnitude, signed_magnitude };
struct domain {
  double lo, hi;
  spread kind;
};

struct random_source {
  std::uint64_t state;
  double next() { // uniform in [0, 1)
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return double(state >> 11) * 0x1.0p-53;
  }
};

template <typename T> std::vector<T> inputs(const domain &d, int count, std::uint64_t seed) {
  std::vector<T> values;
  random_source random{seed};
  for (int i = 0; i < count; ++i) {
    double v;
    if (d.kind == spread::linear) {
      v = d.lo + (d.hi - d.lo) * random.next();
    } else {
      v = std::exp(std::log(d.lo) + (std::log(d.hi) - std::log(d.lo)) * random.next());
      if (d.kind == spread::signed_magnitude && random.next() < 0.5) v = -v;
    }
    values.push_back(T(v));
  }
  // The ends, and integers and halves (where the pi functions and rounding are exact).
  const double lo = d.kind == spread::signed_magnitude ? -d.hi : d.lo;
  values.push_back(T(lo));
  values.push_back(T(d.hi));
  for (double v = -8; v <= 8; v += 0.5)
    if (v >= lo && v <= d.hi) values.push_back(T(v));
  return values;
}

constexpr int samples = 20000;

template <typename T> const char *type_name() { return std::is_same_v<T, float> ? "float" : "double"; }

// A bound of 0 ulp means correctly rounded: at most half an ulp from the exact result.
template <typename T> void record(const char *name, double worst, double worst_at, double bound) {
  std::printf("%-18s %-6s max %10.3f ulp (at %.9g), bound %g\n", name, type_name<T>(), worst, worst_at, bound);
  if (!(worst <= (bound == 0 ? 0.5 : bound))) {
    std::printf("  %s<%s> exceeds its bound\n", name, type_name<T>());
    ++check::failures;
  }
}

// ---- Sweeps ---------------------------------------------------------------------------------
struct unary_case {
  int fn;
  const char *name;
  double bound_float, bound_double; // < 0: not defined for that type
  domain float_domain, double_domain;
};

template <typename T, typename W> void sweep_unary(sycl::queue &q, const unary_case &c) {
  const double bound = std::is_same_v<T, float> ? c.bound_float : c.bound_double;
  if (bound < 0) return;
  const std::vector<T> x = inputs<T>(std::is_same_v<T, float> ? c.float_domain : c.double_domain, samples, 77 + c.fn);
  const std::size_t n = x.size();
  T *in = sycl::malloc_shared<T>(n, q);
  T *out = sycl::malloc_shared<T>(n, q);
  for (std::size_t i = 0; i < n; ++i) in[i] = x[i];
  const int fn = c.fn;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = device_unary(fn, in[i]); }).wait();
  double worst = 0, worst_at = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double error = ulp_error(out[i], reference_unary<W>(fn, W(in[i])));
    if (error > worst || std::isnan(error)) worst = error, worst_at = double(in[i]);
  }
  record<T>(c.name, worst, worst_at, bound);
  sycl::free(in, q);
  sycl::free(out, q);
}

struct binary_case {
  int fn;
  const char *name;
  double bound_float, bound_double;
  domain x_domain, y_domain;
};

template <typename T, typename W> void sweep_binary(sycl::queue &q, const binary_case &c) {
  const double bound = std::is_same_v<T, float> ? c.bound_float : c.bound_double;
  if (bound < 0) return;
  const std::vector<T> x = inputs<T>(c.x_domain, samples, 1000 + c.fn);
  const std::vector<T> y = inputs<T>(c.y_domain, samples, 2000 + c.fn);
  const std::size_t n = std::min(x.size(), y.size());
  T *in_x = sycl::malloc_shared<T>(n, q);
  T *in_y = sycl::malloc_shared<T>(n, q);
  T *out = sycl::malloc_shared<T>(n, q);
  for (std::size_t i = 0; i < n; ++i) in_x[i] = x[i], in_y[i] = y[i];
  const int fn = c.fn;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = device_binary(fn, in_x[i], in_y[i]); }).wait();
  double worst = 0, worst_at = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double error = ulp_error(out[i], reference_binary<T, W>(fn, W(in_x[i]), W(in_y[i])));
    if (error > worst || std::isnan(error)) worst = error, worst_at = double(in_x[i]);
  }
  record<T>(c.name, worst, worst_at, bound);
  sycl::free(in_x, q);
  sycl::free(in_y, q);
  sycl::free(out, q);
}

struct int_arg_case {
  int fn;
  const char *name;
  double bound;
  domain x_domain;
  int n_lo, n_hi;
};

template <typename T, typename W> void sweep_int_arg(sycl::queue &q, const int_arg_case &c) {
  const std::vector<T> x = inputs<T>(c.x_domain, samples, 3000 + c.fn);
  const std::size_t n = x.size();
  T *in = sycl::malloc_shared<T>(n, q);
  int *power = sycl::malloc_shared<int>(n, q);
  T *out = sycl::malloc_shared<T>(n, q);
  random_source random{4000u + unsigned(c.fn)};
  for (std::size_t i = 0; i < n; ++i) {
    in[i] = x[i];
    power[i] = c.n_lo + int(random.next() * (c.n_hi - c.n_lo + 1));
  }
  const int fn = c.fn;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = device_int_arg(fn, in[i], power[i]); }).wait();
  double worst = 0, worst_at = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double error = ulp_error(out[i], reference_int_arg<W>(fn, W(in[i]), power[i]));
    if (error > worst || std::isnan(error)) worst = error, worst_at = double(in[i]);
  }
  record<T>(c.name, worst, worst_at, c.bound);
  sycl::free(in, q);
  sycl::free(power, q);
  sycl::free(out, q);
}

// fma must be correctly rounded: compared with the host libm's fma, which is.
template <typename T> void sweep_fma(sycl::queue &q) {
  const std::vector<T> a = inputs<T>({1e-10, 1e10, spread::signed_magnitude}, samples, 11);
  const std::vector<T> b = inputs<T>({1e-10, 1e10, spread::signed_magnitude}, samples, 12);
  const std::vector<T> c = inputs<T>({1e-10, 1e10, spread::signed_magnitude}, samples, 13);
  const std::size_t n = a.size();
  T *in = sycl::malloc_shared<T>(3 * n, q);
  T *out = sycl::malloc_shared<T>(n, q);
  for (std::size_t i = 0; i < n; ++i) in[3 * i] = a[i], in[3 * i + 1] = b[i], in[3 * i + 2] = -a[i] * b[i] + c[i] * T(1e-3);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     out[i] = sycl::fma(in[3 * i[0]], in[3 * i[0] + 1], in[3 * i[0] + 2]);
   }).wait();
  double worst = 0, worst_at = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double error = ulp_error(out[i], std::fma(in[3 * i], in[3 * i + 1], in[3 * i + 2]));
    if (error > worst || std::isnan(error)) worst = error, worst_at = double(in[3 * i]);
  }
  record<T>("fma", worst, worst_at, 0);
  sycl::free(in, q);
  sycl::free(out, q);
}

const domain unit{-1, 1, spread::linear};
const domain wide{1e-6, 1e6, spread::signed_magnitude};
const domain trig_float{1e-4, 1e5, spread::signed_magnitude};
const domain trig_double{1e-8, 1e8, spread::signed_magnitude};
const domain positive_float{1e-37, 1e37, spread::magnitude};
const domain positive_double{1e-300, 1e300, spread::magnitude};

// bound < 0: the function has no such type (native/half_precision are float only).
const unary_case unary_cases[] = {
    {ACOS, "acos", 4, 4, unit, unit},
    {ACOSH, "acosh", 4, 4, {1, 1e6, spread::magnitude}, {1, 1e200, spread::magnitude}},
    {ACOSPI, "acospi", 5, 5, unit, unit},
    {ASIN, "asin", 4, 4, unit, unit},
    {ASINH, "asinh", 4, 4, wide, wide},
    {ASINPI, "asinpi", 5, 5, unit, unit},
    {ATAN, "atan", 5, 5, wide, wide},
    {ATANH, "atanh", 5, 5, {-0.999, 0.999, spread::linear}, {-0.999999, 0.999999, spread::linear}},
    {ATANPI, "atanpi", 5, 5, wide, wide},
    {CBRT, "cbrt", 2, 2, {1e-30, 1e30, spread::signed_magnitude}, {1e-300, 1e300, spread::signed_magnitude}},
    {CEIL, "ceil", 0, 0, {-1e3, 1e3, spread::linear}, {-1e3, 1e3, spread::linear}},
    {COS, "cos", 4, 4, trig_float, trig_double},
    {COSH, "cosh", 4, 4, {-88, 88, spread::linear}, {-709, 709, spread::linear}},
    {COSPI, "cospi", 4, 4, {-1e4, 1e4, spread::linear}, {-1e6, 1e6, spread::linear}},
    {ERFC, "erfc", 16, 16, {-4, 9, spread::linear}, {-6, 26, spread::linear}},
    {ERF, "erf", 16, 16, {-5, 5, spread::linear}, {-6, 6, spread::linear}},
    {EXP, "exp", 3, 3, {-87, 88, spread::linear}, {-708, 709, spread::linear}},
    {EXP2, "exp2", 3, 3, {-126, 127, spread::linear}, {-1022, 1023, spread::linear}},
    {EXP10, "exp10", 3, 3, {-37, 38, spread::linear}, {-307, 308, spread::linear}},
    {EXPM1, "expm1", 3, 3, {-20, 88, spread::linear}, {-40, 709, spread::linear}},
    {FABS, "fabs", 0, 0, wide, wide},
    {FLOOR, "floor", 0, 0, {-1e3, 1e3, spread::linear}, {-1e3, 1e3, spread::linear}},
    // The specification leaves lgamma's accuracy undefined; 16 ulp (tgamma's bound) away from its
    // zeros at 1 and 2.
    {LGAMMA, "lgamma", 16, 16, {2.5, 1e30, spread::magnitude}, {2.5, 1e300, spread::magnitude}},
    {LOG, "log", 3, 3, positive_float, positive_double},
    {LOG2, "log2", 3, 3, positive_float, positive_double},
    {LOG10, "log10", 3, 3, positive_float, positive_double},
    {LOG1P, "log1p", 2, 2, {-0.999, 1e30, spread::linear}, {-0.999, 1e300, spread::linear}},
    {LOGB, "logb", 0, 0, wide, wide},
    {RINT, "rint", 0, 0, {-1e3, 1e3, spread::linear}, {-1e3, 1e3, spread::linear}},
    {ROUND, "round", 0, 0, {-1e3, 1e3, spread::linear}, {-1e3, 1e3, spread::linear}},
    {RSQRT, "rsqrt", 2, 2, positive_float, positive_double},
    {SIN, "sin", 4, 4, trig_float, trig_double},
    {SINH, "sinh", 4, 4, {-88, 88, spread::linear}, {-709, 709, spread::linear}},
    {SINPI, "sinpi", 4, 4, {-1e4, 1e4, spread::linear}, {-1e6, 1e6, spread::linear}},
    {SQRT, "sqrt", 3, 0, positive_float, positive_double},
    {TAN, "tan", 5, 5, trig_float, trig_double},
    {TANH, "tanh", 5, 5, {-20, 20, spread::linear}, {-40, 40, spread::linear}},
    {TANPI, "tanpi", 6, 6, {-1e4, 1e4, spread::linear}, {-1e6, 1e6, spread::linear}},
    {TGAMMA, "tgamma", 16, 16, {0.01, 35, spread::linear}, {0.01, 170, spread::linear}},
    {TRUNC, "trunc", 0, 0, {-1e3, 1e3, spread::linear}, {-1e3, 1e3, spread::linear}},
    {NATIVE_COS, "native::cos", 8192, -1, {-1e3, 1e3, spread::linear}, unit},
    {NATIVE_EXP, "native::exp", 8192, -1, {-87, 88, spread::linear}, unit},
    {NATIVE_EXP2, "native::exp2", 8192, -1, {-126, 127, spread::linear}, unit},
    {NATIVE_EXP10, "native::exp10", 8192, -1, {-37, 38, spread::linear}, unit},
    {NATIVE_LOG, "native::log", 8192, -1, positive_float, unit},
    {NATIVE_LOG2, "native::log2", 8192, -1, positive_float, unit},
    {NATIVE_LOG10, "native::log10", 8192, -1, positive_float, unit},
    {NATIVE_RECIP, "native::recip", 8192, -1, {1e-37, 1e37, spread::signed_magnitude}, unit},
    {NATIVE_RSQRT, "native::rsqrt", 8192, -1, positive_float, unit},
    {NATIVE_SIN, "native::sin", 8192, -1, {-1e3, 1e3, spread::linear}, unit},
    {NATIVE_SQRT, "native::sqrt", 8192, -1, positive_float, unit},
    {NATIVE_TAN, "native::tan", 8192, -1, {-1e3, 1e3, spread::linear}, unit},
    {HALF_COS, "half::cos", 8192, -1, {-65536, 65536, spread::linear}, unit},
    {HALF_EXP, "half::exp", 8192, -1, {-87, 88, spread::linear}, unit},
    {HALF_LOG, "half::log", 8192, -1, positive_float, unit},
    {HALF_RECIP, "half::recip", 8192, -1, {1e-37, 1e37, spread::signed_magnitude}, unit},
    {HALF_RSQRT, "half::rsqrt", 8192, -1, positive_float, unit},
    {HALF_SIN, "half::sin", 8192, -1, {-65536, 65536, spread::linear}, unit},
    {HALF_SQRT, "half::sqrt", 8192, -1, positive_float, unit},
    {HALF_TAN, "half::tan", 8192, -1, {-65536, 65536, spread::linear}, unit},
};

const binary_case binary_cases[] = {
    {ATAN2, "atan2", 6, 6, wide, wide},
    {ATAN2PI, "atan2pi", 6, 6, wide, wide},
    {COPYSIGN, "copysign", 0, 0, wide, wide},
    {FDIM, "fdim", 0, 0, {-1e3, 1e3, spread::linear}, {-1e3, 1e3, spread::linear}},
    {FMAX, "fmax", 0, 0, wide, wide},
    {FMIN, "fmin", 0, 0, wide, wide},
    {FMOD, "fmod", 0, 0, wide, {1e-3, 1e3, spread::signed_magnitude}},
    {HYPOT, "hypot", 4, 4, {1e-15, 1e15, spread::signed_magnitude}, {1e-15, 1e15, spread::signed_magnitude}},
    {MAXMAG, "maxmag", 0, 0, {-4, 4, spread::linear}, {-4, 4, spread::linear}},
    {MINMAG, "minmag", 0, 0, {-4, 4, spread::linear}, {-4, 4, spread::linear}},
    {NEXTAFTER, "nextafter", 0, 0, wide, wide},
    {POW, "pow", 16, 16, {1e-3, 100, spread::magnitude}, {-18, 18, spread::linear}},
    {POWR, "powr", 16, 16, {1e-3, 100, spread::magnitude}, {-18, 18, spread::linear}},
    {REMAINDER, "remainder", 0, 0, wide, {1e-3, 1e3, spread::signed_magnitude}},
    {NATIVE_DIVIDE, "native::divide", 8192, -1, wide, wide},
    {NATIVE_POWR, "native::powr", 8192, -1, {1e-3, 100, spread::magnitude}, {-18, 18, spread::linear}},
    {HALF_DIVIDE, "half::divide", 8192, -1, wide, wide},
    {HALF_POWR, "half::powr", 8192, -1, {1e-3, 100, spread::magnitude}, {-18, 18, spread::linear}},
};

const int_arg_case int_arg_cases[] = {
    {LDEXP, "ldexp", 0, {1e-3, 1e3, spread::signed_magnitude}, -60, 60},
    {POWN, "pown", 16, {1e-2, 30, spread::signed_magnitude}, -20, 20},
    {ROOTN, "rootn", 16, {1e-30, 1e30, spread::signed_magnitude}, -12, 12},
};

template <typename T, typename W> void sweep_all(sycl::queue &q) {
  for (const auto &c : unary_cases) sweep_unary<T, W>(q, c);
  for (const auto &c : binary_cases) sweep_binary<T, W>(q, c);
  for (const auto &c : int_arg_cases) sweep_int_arg<T, W>(q, c);
  sweep_fma<T>(q);
}

} // namespace

int main() {
  sycl::queue q;
  sweep_all<float, double>(q);
  sweep_all<double, long double>(q);
  return check::finish();
}
