// The SYCL common, geometric and relational functions in kernels, checked exactly against host
// reference code that evaluates their definitions (in element order, one rounding per
// operation), for scalars, vecs, swizzles and marrays of float and double; relational functions
// with NaN, infinities, signed zeros and subnormals. Then the math functions' vec, swizzle and
// marray forms against their scalar forms element by element (their accuracy is
// math_precision.cpp's subject; the functions a vectorized kernel may compute with vector math,
// and sinpi, tanpi, pown and rootn built on them, within 8 ulp of the scalar result: each is within 4 of the
// exact one, docs/vectorizer.md), and the functions with pointer arguments through multi_ptrs
// and raw pointers.
#include <sycl/sycl.hpp>
#include "check.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace {

// Equal as values, or both NaN.
template <typename T> bool same(T a, T b) {
  if constexpr (std::is_floating_point_v<T>)
    return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b));
  else
    return a == b;
}
template <typename T> void expect(const char *what, long index, T got, T expected) {
  if (!same(got, expected)) {
    if (check::failures < 10)
      std::printf("mismatch in %s at %ld: got %.17g, expected %.17g\n", what, index, double(got), double(expected));
    ++check::failures;
  }
}

// Within `ulps` units in the last place of `expected` (or the same, for NaN and infinities).
template <typename T> void expect_within(const char *what, long index, T got, T expected, int ulps) {
  const T magnitude = std::fabs(expected);
  const T ulp = std::nextafter(magnitude, std::numeric_limits<T>::infinity()) - magnitude;
  if (same(got, expected) || std::fabs(got - expected) <= T(ulps) * ulp) return;
  expect(what, index, got, expected);
}

template <typename T> T value(std::uint32_t index, double scale) {
  std::uint32_t bits = index * 2654435761u + 97u;
  bits ^= bits >> 16;
  return T((double(bits % 20001u) - 10000.0) / 10000.0 * scale);
}

// ---- Common functions -----------------------------------------------------------------------
enum common_fn { CLAMP, CLAMP_SCALARS, DEGREES, RADIANS, MAX, MAX_SCALAR, MIN, MIN_SCALAR, MIX, MIX_SCALAR, STEP,
                 STEP_SCALAR, SMOOTHSTEP, SMOOTHSTEP_SCALARS, SIGN, COMMON_COUNT };

template <typename X, typename T> X apply_common(int f, const X &x, const X &y, const X &z, T s) {
  switch (f) {
  case CLAMP: return sycl::clamp(x, sycl::fmin(y, z), sycl::fmax(y, z));
  case CLAMP_SCALARS: return sycl::clamp(x, T(-0.25) * s, T(0.5) * s);
  case DEGREES: return sycl::degrees(x);
  case RADIANS: return sycl::radians(x);
  case MAX: return sycl::max(x, y);
  case MAX_SCALAR: return sycl::max(x, s);
  case MIN: return sycl::min(x, y);
  case MIN_SCALAR: return sycl::min(x, s);
  case MIX: return sycl::mix(x, y, z);
  case MIX_SCALAR: return sycl::mix(x, y, T(0.375));
  case STEP: return sycl::step(x, y);
  case STEP_SCALAR: return sycl::step(s, x);
  case SMOOTHSTEP: return sycl::smoothstep(sycl::fmin(x, y), sycl::fmax(x, y), z);
  case SMOOTHSTEP_SCALARS: return sycl::smoothstep(-s, s, x);
  case SIGN: return sycl::sign(x);
  }
  return x;
}

template <typename T> T mix_reference(T x, T y, T a) {
  const T difference = y - x;
  const T scaled = difference * a;
  return x + scaled;
}
template <typename T> T smoothstep_reference(T e0, T e1, T x) {
  const T numerator = x - e0;
  const T denominator = e1 - e0;
  T t = numerator / denominator;
  t = t < 0 ? T(0) : t > 1 ? T(1) : t;
  const T square = t * t;
  const T twice = T(2) * t;
  const T factor = T(3) - twice;
  return square * factor;
}
template <typename T> T common_reference(int f, T x, T y, T z, T s) {
  const T lo = std::fmin(y, z), hi = std::fmax(y, z);
  switch (f) {
  case CLAMP: return std::fmin(std::fmax(x, lo), hi);
  case CLAMP_SCALARS: return std::fmin(std::fmax(x, T(-0.25) * s), T(0.5) * s);
  case DEGREES: return x * T(180.0L / 3.141592653589793238462643383279502884L);
  case RADIANS: return x * T(3.141592653589793238462643383279502884L / 180.0L);
  case MAX: return std::fmax(x, y);
  case MAX_SCALAR: return std::fmax(x, s);
  case MIN: return std::fmin(x, y);
  case MIN_SCALAR: return std::fmin(x, s);
  case MIX: return mix_reference(x, y, z);
  case MIX_SCALAR: return mix_reference(x, y, T(0.375));
  case STEP: return y < x ? T(0) : T(1);
  case STEP_SCALAR: return x < s ? T(0) : T(1);
  case SMOOTHSTEP: return smoothstep_reference(std::fmin(x, y), std::fmax(x, y), z);
  case SMOOTHSTEP_SCALARS: return smoothstep_reference(-s, s, x);
  case SIGN: return std::isnan(x) ? T(0) : x > 0 ? T(1) : x < 0 ? T(-1) : x;
  }
  return x;
}

// The vec, marray and scalar forms of each common function over `items` groups of N elements.
template <typename T, int N> void common_functions(sycl::queue &q, const char *name) {
  constexpr int items = 23;
  constexpr std::size_t elements = std::size_t(items) * N;
  T *in = sycl::malloc_shared<T>(3 * elements, q);
  T *out = sycl::malloc_shared<T>(3 * COMMON_COUNT * elements, q);
  for (std::size_t i = 0; i < 3 * elements; ++i) in[i] = value<T>(std::uint32_t(i), 3.0);
  in[0] = T(0), in[1] = -T(0), in[2] = std::numeric_limits<T>::quiet_NaN(); // sign's special cases
  const T s = T(1.75);
  q.parallel_for(sycl::range<1>(items), [=](sycl::id<1> id) {
     const std::size_t i = id[0];
     sycl::vec<T, N> x, y, z;
     x.load(i, sycl::global_ptr<const T>(in));
     y.load(i, sycl::global_ptr<const T>(in + elements));
     z.load(i, sycl::global_ptr<const T>(in + 2 * elements));
     sycl::marray<T, N> mx, my, mz;
     for (int e = 0; e < N; ++e) mx[e] = x[e], my[e] = y[e], mz[e] = z[e];
     for (int f = 0; f < COMMON_COUNT; ++f) {
       const sycl::vec<T, N> v = apply_common(f, x, y, z, s);
       const sycl::marray<T, N> m = apply_common(f, mx, my, mz, s);
       for (int e = 0; e < N; ++e) {
         out[(0 * COMMON_COUNT + f) * elements + i * N + e] = v[e];
         out[(1 * COMMON_COUNT + f) * elements + i * N + e] = m[e];
         out[(2 * COMMON_COUNT + f) * elements + i * N + e] = apply_common(f, x[e], y[e], z[e], s);
       }
     }
   }).wait();
  for (int shape = 0; shape < 3; ++shape)
    for (int f = 0; f < COMMON_COUNT; ++f)
      for (std::size_t i = 0; i < elements; ++i) {
        // NaN inputs are only meaningful for sign; the other functions leave them unspecified.
        if (f != SIGN && i < 3) continue;
        expect(name, long(shape * 100000 + f * 1000 + i), out[(std::size_t(shape) * COMMON_COUNT + f) * elements + i],
               common_reference<T>(f, in[i], in[elements + i], in[2 * elements + i], s));
      }
  sycl::free(in, q);
  sycl::free(out, q);
}

// ---- Geometric functions ------------------------------------------------------------------
template <typename T> T dot_reference(const T *p, const T *q, int n) {
  T sum = p[0] * q[0];
  for (int i = 1; i < n; ++i) {
    const T product = p[i] * q[i];
    sum = sum + product;
  }
  return sum;
}

template <typename T, int N> void geometric_functions(sycl::queue &q, const char *name) {
  constexpr int items = 40;
  constexpr int results = 4 + 2 * N + (N >= 3 ? N : 0); // dot, length, distance, fast_length; normalize x2; cross
  T *in = sycl::malloc_shared<T>(2 * items * N, q);
  T *out = sycl::malloc_shared<T>(2 * items * results, q); // vec and marray forms
  for (int i = 0; i < 2 * items * N; ++i) in[i] = value<T>(std::uint32_t(i + 500), 10.0);
  for (int e = 0; e < N; ++e) in[e] = T(0); // normalize keeps the zero vector
  in[N] = std::numeric_limits<T>::infinity(); // normalize of a vector with an infinite element
  q.parallel_for(sycl::range<1>(items), [=](sycl::id<1> id) {
     const std::size_t i = id[0];
     sycl::vec<T, N> p, r;
     p.load(i, sycl::global_ptr<const T>(in));
     r.load(i, sycl::global_ptr<const T>(in + items * N));
     sycl::marray<T, N> mp, mr;
     for (int e = 0; e < N; ++e) mp[e] = p[e], mr[e] = r[e];
     auto record = [&](T *o, const auto &a, const auto &b) {
       int k = 0;
       o[k++] = sycl::dot(a, b);
       o[k++] = sycl::length(a);
       o[k++] = sycl::distance(a, b);
       if constexpr (std::is_same_v<T, float>)
         o[k++] = sycl::fast_length(a) - sycl::fast_distance(a, b);
       else
         o[k++] = sycl::length(a) - sycl::distance(a, b);
       const auto normalized = sycl::normalize(a);
       for (int e = 0; e < N; ++e) o[k++] = normalized[e];
       if constexpr (std::is_same_v<T, float>) {
         const auto fast = sycl::fast_normalize(b);
         for (int e = 0; e < N; ++e) o[k++] = fast[e];
       } else {
         const auto other = sycl::normalize(b);
         for (int e = 0; e < N; ++e) o[k++] = other[e];
       }
       if constexpr (N >= 3) {
         const auto crossed = sycl::cross(a, b);
         for (int e = 0; e < N; ++e) o[k++] = crossed[e];
       }
     };
     record(out + i * results, p, r);
     record(out + (items + i) * results, mp, mr);
   }).wait();

  for (int shape = 0; shape < 2; ++shape)
    for (int i = 0; i < items; ++i) {
      const T *p = in + i * N, *r = in + (items + i) * N;
      const T *o = out + (shape * items + i) * results;
      T difference[N];
      for (int e = 0; e < N; ++e) difference[e] = p[e] - r[e];
      const T length_p = std::sqrt(dot_reference(p, p, N));
      const T distance = std::sqrt(dot_reference(difference, difference, N));
      int k = 0;
      const long index = shape * 1000 + i * 50;
      expect(name, index + k, o[k], dot_reference(p, r, N)), ++k;
      expect(name, index + k, o[k], length_p), ++k;
      expect(name, index + k, o[k], distance), ++k;
      expect(name, index + k, o[k], T(length_p - distance)), ++k;
      const bool infinite = std::isinf(p[0]) || std::isinf(p[1]);
      for (int e = 0; e < N; ++e, ++k) {
        T expected = length_p == 0 ? p[e] : p[e] / length_p;
        // (inf, x, ...) normalizes to (1, +-0, ...)
        if (infinite) expected = std::isinf(p[e]) ? std::copysign(T(1), p[e]) : std::copysign(T(0), p[e]);
        expect(name, index + k, o[k], expected);
      }
      const T length_r = std::sqrt(dot_reference(r, r, N));
      for (int e = 0; e < N; ++e, ++k) expect(name, index + k, o[k], T(r[e] / length_r));
      if (N >= 3) {
        const T crossed[4] = {p[1] * r[2] - p[2] * r[1], p[2] * r[0] - p[0] * r[2], p[0] * r[1] - p[1] * r[0], T(0)};
        for (int e = 0; e < N; ++e, ++k) expect(name, index + k, o[k], crossed[e]);
      }
    }
  sycl::free(in, q);
  sycl::free(out, q);
}

// length and normalize where the sum of squares overflows or underflows: within 2 ulp of the
// result computed in long double.
void geometric_extremes(sycl::queue &q) {
  float *out = sycl::malloc_shared<float>(8, q);
  q.single_task([=] {
     const sycl::float3 huge(3e30f, -4e30f, 1e29f);
     const sycl::float3 tiny(3e-30f, 4e-30f, 0.f);
     out[0] = sycl::length(huge);
     out[1] = sycl::length(tiny);
     const sycl::float3 unit = sycl::normalize(huge);
     out[2] = unit.x(), out[3] = unit.y(), out[4] = unit.z();
     const sycl::float3 small_unit = sycl::normalize(tiny);
     out[5] = small_unit.x(), out[6] = small_unit.y();
     out[7] = sycl::distance(huge, -huge);
   }).wait();
  const long double huge_length = std::sqrt(9e60L + 16e60L + 1e58L);
  const long double expected[8] = {huge_length, 5e-30L, 3e30L / huge_length, -4e30L / huge_length,
                                   1e29L / huge_length, 0.6L, 0.8L, 2 * huge_length};
  for (int i = 0; i < 8; ++i) {
    const float reference = float(expected[i]);
    const float spacing = std::nextafter(std::fabs(reference), INFINITY) - std::fabs(reference);
    if (!(std::fabs(out[i] - reference) <= 2 * spacing)) {
      std::printf("geometric extreme %d: got %.9g, expected %.9g\n", i, double(out[i]), double(reference));
      ++check::failures;
    }
  }
  sycl::free(out, q);
}

// ---- Relational functions -------------------------------------------------------------------
enum relational_fn { ISEQUAL, ISNOTEQUAL, ISGREATER, ISGREATEREQUAL, ISLESS, ISLESSEQUAL, ISLESSGREATER, ISORDERED,
                     ISUNORDERED, ISFINITE, ISINF, ISNAN, ISNORMAL, SIGNBIT, RELATIONAL_COUNT };

template <typename X> auto apply_relational(int f, const X &x, const X &y) {
  switch (f) {
  case ISEQUAL: return sycl::isequal(x, y);
  case ISNOTEQUAL: return sycl::isnotequal(x, y);
  case ISGREATER: return sycl::isgreater(x, y);
  case ISGREATEREQUAL: return sycl::isgreaterequal(x, y);
  case ISLESS: return sycl::isless(x, y);
  case ISLESSEQUAL: return sycl::islessequal(x, y);
  case ISLESSGREATER: return sycl::islessgreater(x, y);
  case ISORDERED: return sycl::isordered(x, y);
  case ISUNORDERED: return sycl::isunordered(x, y);
  case ISFINITE: return sycl::isfinite(x);
  case ISINF: return sycl::isinf(x);
  case ISNAN: return sycl::isnan(x);
  case ISNORMAL: return sycl::isnormal(x);
  case SIGNBIT: return sycl::signbit(x);
  }
  return sycl::isnan(x);
}
template <typename T> bool relational_reference(int f, T x, T y) {
  switch (f) {
  case ISEQUAL: return x == y;
  case ISNOTEQUAL: return x != y;
  case ISGREATER: return x > y;
  case ISGREATEREQUAL: return x >= y;
  case ISLESS: return x < y;
  case ISLESSEQUAL: return x <= y;
  case ISLESSGREATER: return x < y || x > y;
  case ISORDERED: return !std::isnan(x) && !std::isnan(y);
  case ISUNORDERED: return std::isnan(x) || std::isnan(y);
  case ISFINITE: return std::isfinite(x);
  case ISINF: return std::isinf(x);
  case ISNAN: return std::isnan(x);
  case ISNORMAL: return std::isnormal(x);
  case SIGNBIT: return std::signbit(x);
  }
  return false;
}

template <typename T> void relational_functions(sycl::queue &q, const char *name) {
  using L = std::numeric_limits<T>;
  const T specials[16] = {T(0),        -T(0),          T(1),       T(-1),        L::infinity(), -L::infinity(),
                          L::quiet_NaN(), -L::quiet_NaN(), L::denorm_min(), -L::denorm_min(), L::min(), -L::min(),
                          L::max(),    T(0.5),         T(-2.5),    T(3)};
  constexpr int pairs = 16 * 16;
  using S = std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>;
  T *x = sycl::malloc_shared<T>(pairs, q);
  T *y = sycl::malloc_shared<T>(pairs, q);
  S *vec_out = sycl::malloc_shared<S>(RELATIONAL_COUNT * pairs, q);
  bool *marray_out = sycl::malloc_shared<bool>(RELATIONAL_COUNT * pairs, q);
  bool *scalar_out = sycl::malloc_shared<bool>(RELATIONAL_COUNT * pairs, q);
  for (int i = 0; i < pairs; ++i) x[i] = specials[i / 16], y[i] = specials[i % 16];
  static_assert(std::is_same_v<decltype(sycl::isless(sycl::vec<T, 4>(), sycl::vec<T, 4>())), sycl::vec<S, 4>>,
                "vec relational result");
  static_assert(std::is_same_v<decltype(sycl::isnan(sycl::marray<T, 4>())), sycl::marray<bool, 4>>,
                "marray relational result");
  static_assert(std::is_same_v<decltype(sycl::signbit(T(1))), bool>, "scalar relational result");
  q.parallel_for(sycl::range<1>(pairs / 4), [=](sycl::id<1> id) {
     const std::size_t i = id[0];
     sycl::vec<T, 4> a, b;
     a.load(i, sycl::global_ptr<const T>(x));
     b.load(i, sycl::global_ptr<const T>(y));
     sycl::marray<T, 4> ma, mb;
     for (int e = 0; e < 4; ++e) ma[e] = a[e], mb[e] = b[e];
     for (int f = 0; f < RELATIONAL_COUNT; ++f) {
       apply_relational(f, a, b).store(i, sycl::global_ptr<S>(vec_out + f * pairs));
       const sycl::marray<bool, 4> m = apply_relational(f, ma, mb);
       for (int e = 0; e < 4; ++e) {
         marray_out[f * pairs + i * 4 + e] = m[e];
         scalar_out[f * pairs + i * 4 + e] = apply_relational(f, a[e], b[e]);
       }
     }
   }).wait();
  for (int f = 0; f < RELATIONAL_COUNT; ++f)
    for (int i = 0; i < pairs; ++i) {
      const bool truth = relational_reference(f, x[i], y[i]);
      expect(name, f * 1000 + i, vec_out[f * pairs + i], truth ? S(-1) : S(0));
      expect(name, 100000 + f * 1000 + i, marray_out[f * pairs + i], truth);
      expect(name, 200000 + f * 1000 + i, scalar_out[f * pairs + i], truth);
    }
  for (void *p : {(void *)x, (void *)y, (void *)vec_out, (void *)marray_out, (void *)scalar_out}) sycl::free(p, q);
}

// any, all, bitselect and select.
void selections(sycl::queue &q) {
  long long *out = sycl::malloc_shared<long long>(64, q);
  float *floats = sycl::malloc_shared<float>(16, q);
  q.single_task([=] {
     int n = 0;
     const sycl::int4 none(0, 1, 0x7fffffff, 5), some(0, -1, 3, 4), every(-1, -2, INT32_MIN, -7);
     out[n++] = sycl::any(none), out[n++] = sycl::any(some), out[n++] = sycl::all(some), out[n++] = sycl::all(every);
     const sycl::long2 longs(-1, 0);
     out[n++] = sycl::any(longs), out[n++] = sycl::all(longs), out[n++] = sycl::any(longs.yy());
     const sycl::mbool3 flags(true, false, true);
     out[n++] = sycl::any(flags), out[n++] = sycl::all(flags), out[n++] = sycl::all(sycl::mbool2(true, true));
     out[n++] = sycl::any(false), out[n++] = sycl::all(true);
     const sycl::uint4 a(0xffff0000u, 0x12345678u, 0u, 0xffffffffu), b(0x0000ffffu, 0x87654321u, 0xffffffffu, 0u);
     const sycl::uint4 mask(0xff00ff00u, 0x0f0f0f0fu, 0x80000001u, 0u);
     const sycl::uint4 bits = sycl::bitselect(a, b, mask);
     for (int e = 0; e < 4; ++e) out[n++] = bits[e];
     out[n++] = sycl::bitselect(std::int16_t(0x1234), std::int16_t(0x7edc), std::int16_t(0x00ff));
     const sycl::float4 fa(1.f, 2.f, 3.f, 4.f), fb(-1.f, -2.f, -3.f, -4.f);
     const sycl::float4 chosen = sycl::select(fa, fb, sycl::int4(-1, 0, INT32_MIN, 0x7fffffff));
     const sycl::float4 chosen_unsigned = sycl::select(fa, fb, sycl::uint4(0x80000000u, 1u, 0u, 0xffffffffu));
     const sycl::float4 bit_chosen = sycl::bitselect(fa, fb, sycl::float4(-0.f)); // only the sign bit from fb
     for (int e = 0; e < 4; ++e) floats[e] = chosen[e], floats[4 + e] = chosen_unsigned[e], floats[8 + e] = bit_chosen[e];
     const sycl::mfloat2 ma(1.f, 2.f), mb(5.f, 6.f);
     const sycl::mfloat2 mchosen = sycl::select(ma, mb, sycl::mbool2(false, true));
     floats[12] = mchosen[0], floats[13] = mchosen[1];
     floats[14] = sycl::select(1.f, 2.f, true), floats[15] = sycl::select(1.f, 2.f, 0);
     out[n++] = sycl::select(std::int64_t(3), std::int64_t(4), false);
     const sycl::double2 da(1.0, 2.0), db(3.0, 4.0);
     const sycl::double2 dchosen = sycl::select(da.yx(), db, sycl::long2(0, -5));
     out[n++] = (long long)dchosen[0], out[n++] = (long long)dchosen[1];
   }).wait();
  const long long expected[] = {0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1,
                                0x00ffff00, (0x12345678 & ~0x0f0f0f0f) | (0x87654321 & 0x0f0f0f0f), 0x80000001,
                                0xffffffff, 0x12dc, 3, 2, 4};
  for (int i = 0; i < int(sizeof(expected) / sizeof(expected[0])); ++i) check::equal("selections", i, out[i], expected[i]);
  const float expected_floats[16] = {-1, 2, -3, 4, -1, 2, 3, -4, -1, -2, -3, -4, 1, 6, 2, 1};
  for (int i = 0; i < 16; ++i) check::equal("select floats", i, floats[i], expected_floats[i]);
  sycl::free(out, q);
  sycl::free(floats, q);
}

// ---- Math functions: the vec, swizzle and marray forms against the scalar forms --------------
enum math_fn { ACOS, ASINH, CBRT, COS, ERF, EXP, EXP10, LOG1P, SINPI, SQRT, RSQRT, TGAMMA, FLOOR, ROUND, LOGB, TANPI,
               NATIVE_EXP, HALF_SQRT, POW, ATAN2, FMOD, HYPOT, FMAX, FMAX_SCALAR, COPYSIGN, NEXTAFTER, MAXMAG, FMA,
               LDEXP, LDEXP_SCALAR, POWN, ROOTN, MATH_COUNT };

// X: a float or double scalar (T), vec or marray; I: the int scalar, vec or marray of its length.
template <typename T, typename X, typename I> X apply_math(int f, const X &x, const X &y, const X &z, const I &n) {
  if constexpr (std::is_same_v<T, float>) {
    if (f == NATIVE_EXP) return sycl::native::exp(x);
    if (f == HALF_SQRT) return sycl::half_precision::sqrt(sycl::fabs(x));
  }
  switch (f) {
  case ACOS: return sycl::acos(x / T(8));
  case ASINH: return sycl::asinh(x);
  case CBRT: return sycl::cbrt(x);
  case COS: return sycl::cos(x);
  case ERF: return sycl::erf(x);
  case EXP: return sycl::exp(x);
  case EXP10: return sycl::exp10(x);
  case LOG1P: return sycl::log1p(sycl::fabs(x));
  case SINPI: return sycl::sinpi(x);
  case SQRT: return sycl::sqrt(sycl::fabs(x));
  case RSQRT: return sycl::rsqrt(sycl::fabs(x));
  case TGAMMA: return sycl::tgamma(x);
  case FLOOR: return sycl::floor(x);
  case ROUND: return sycl::round(x);
  case LOGB: return sycl::logb(x);
  case TANPI: return sycl::tanpi(x);
  case POW: return sycl::pow(sycl::fabs(x), y);
  case ATAN2: return sycl::atan2(x, y);
  case FMOD: return sycl::fmod(x, y);
  case HYPOT: return sycl::hypot(x, y);
  case FMAX: return sycl::fmax(x, y);
  case FMAX_SCALAR: return sycl::fmax(x, T(0.5));
  case COPYSIGN: return sycl::copysign(x, y);
  case NEXTAFTER: return sycl::nextafter(x, y);
  case MAXMAG: return sycl::maxmag(x, y);
  case FMA: return sycl::fma(x, y, z);
  case LDEXP: return sycl::ldexp(x, n);
  case LDEXP_SCALAR: return sycl::ldexp(x, 3);
  case POWN: return sycl::pown(x, n);
  case ROOTN: return sycl::rootn(x, n);
  }
  return x;
}

template <typename T, int N> void math_shapes(sycl::queue &q, const char *name) {
  constexpr int items = 17;
  constexpr std::size_t elements = std::size_t(items) * N;
  T *in = sycl::malloc_shared<T>(3 * elements, q);
  int *powers = sycl::malloc_shared<int>(elements, q);
  T *out = sycl::malloc_shared<T>(3 * MATH_COUNT * elements, q);
  for (std::size_t i = 0; i < 3 * elements; ++i) in[i] = value<T>(std::uint32_t(i + 77), 6.0);
  for (std::size_t i = 0; i < elements; ++i) powers[i] = int(i % 11) - 5;
  q.parallel_for(sycl::range<1>(items), [=](sycl::id<1> id) {
     const std::size_t i = id[0];
     sycl::vec<T, N> x, y, z;
     x.load(i, sycl::global_ptr<const T>(in));
     y.load(i, sycl::global_ptr<const T>(in + elements));
     z.load(i, sycl::global_ptr<const T>(in + 2 * elements));
     sycl::vec<int, N> n;
     n.load(i, sycl::global_ptr<const int>(powers));
     sycl::marray<T, N> mx, my, mz;
     sycl::marray<int, N> mn;
     for (int e = 0; e < N; ++e) mx[e] = x[e], my[e] = y[e], mz[e] = z[e], mn[e] = n[e];
     for (int f = 0; f < MATH_COUNT; ++f) {
       const sycl::vec<T, N> v = apply_math<T>(f, x, y, z, n);
       const sycl::marray<T, N> m = apply_math<T>(f, mx, my, mz, mn);
       for (int e = 0; e < N; ++e) {
         out[(0 * MATH_COUNT + f) * elements + i * N + e] = v[e];
         out[(1 * MATH_COUNT + f) * elements + i * N + e] = m[e];
         out[(2 * MATH_COUNT + f) * elements + i * N + e] = apply_math<T>(f, x[e], y[e], z[e], n[e]);
       }
     }
   }).wait();
  for (int shape = 0; shape < 3; ++shape)
    for (int f = 0; f < MATH_COUNT; ++f) {
      if (!std::is_same_v<T, float> && (f == NATIVE_EXP || f == HALF_SQRT)) continue;
      for (std::size_t i = 0; i < elements; ++i) {
        // The host's scalar function: the same element-wise definition.
        const T expected = apply_math<T>(f, in[i], in[elements + i], in[2 * elements + i], powers[i]);
        const bool vector_math = f == ACOS || f == ASINH || f == COS || f == ERF || f == POW || f == ATAN2 ||
                                 f == HYPOT || f == SINPI || f == TANPI || f == POWN || f == ROOTN;
        expect_within(name, long(shape * 100000 + f * 1000 + i),
                      out[(std::size_t(shape) * MATH_COUNT + f) * elements + i], expected, vector_math ? 8 : 0);
      }
    }
  sycl::free(in, q);
  sycl::free(powers, q);
  sycl::free(out, q);
}

// Swizzles as arguments: every function family returns the vec of the swizzle's elements.
void swizzle_arguments(sycl::queue &q) {
  float *out = sycl::malloc_shared<float>(32, q);
  q.single_task([=] {
     int n = 0;
     sycl::float4 v(0.25f, -1.5f, 2.f, 4.f);
     const sycl::float4 w(1.f, 2.f, 3.f, 0.5f);
     const sycl::float3 s = sycl::sqrt(v.wzx());
     for (int e = 0; e < 3; ++e) out[n++] = s[e];
     const sycl::float2 p = sycl::pow(v.wz(), w.xy());
     out[n++] = p[0], out[n++] = p[1];
     const sycl::float3 c = sycl::clamp(v.xyz(), 0.f, 1.f);
     for (int e = 0; e < 3; ++e) out[n++] = c[e];
     out[n++] = sycl::dot(v.xyz(), w.zyx());
     const sycl::float3 x = sycl::cross(v.xyz(), w.xyz());
     for (int e = 0; e < 3; ++e) out[n++] = x[e];
     const sycl::int2 nan_test = sycl::isgreater(v.yw(), w.yw());
     out[n++] = float(nan_test[0]), out[n++] = float(nan_test[1]);
     const sycl::float2 m = sycl::fmax(v.xy(), 0.f);
     out[n++] = m[0], out[n++] = m[1];
     out[n++] = sycl::length(v.zw());
     v.xy() = sycl::fabs(v.yx());
     for (int e = 0; e < 4; ++e) out[n++] = v[e];
   }).wait();
  const float expected[] = {2.f, std::sqrt(2.f), 0.5f, 4.f, std::pow(2.f, 2.f), 0.25f, 0.f, 1.f,
                            0.25f * 3.f + -1.5f * 2.f + 2.f * 1.f,
                            -1.5f * 3.f - 2.f * 2.f, 2.f * 1.f - 0.25f * 3.f, 0.25f * 2.f - -1.5f * 1.f,
                            0.f, -1.f, 0.25f, 0.f, std::sqrt(20.f), 1.5f, 0.25f, 2.f, 4.f};
  for (int i = 0; i < int(sizeof(expected) / sizeof(float)); ++i) check::equal("swizzle arguments", i, out[i], expected[i]);
  sycl::free(out, q);
}

// fract, frexp, modf, remquo, lgamma_r and sincos write through multi_ptrs and raw pointers.
void pointer_arguments(sycl::queue &q) {
  constexpr int count = 8;
  const float inputs[count] = {2.75f, -2.75f, 0.f, -0.f, 1e-40f, 123456.78f, -1.f, INFINITY};
  float *results = sycl::malloc_shared<float>(8 * count, q);
  int *ints = sycl::malloc_shared<int>(4 * count, q);
  sycl::float4 *vec_out = sycl::malloc_shared<sycl::float4>(2, q);
  q.single_task([=] {
     const sycl::float4 lo(inputs[0], inputs[1], inputs[2], inputs[3]);
     const sycl::float4 hi(inputs[4], inputs[5], inputs[6], inputs[7]);
     sycl::float4 whole[2], cosines[2], integral[2];
     sycl::int4 exponents[2], quotients[2], signs[2];
     sycl::float4 fract[2] = {sycl::fract(lo, sycl::global_ptr<sycl::float4>(vec_out)), sycl::float4()};
     whole[0] = vec_out[0];
     fract[1] = sycl::fract(hi, &whole[1]);
     const sycl::float4 mantissa[2] = {sycl::frexp(lo, &exponents[0]), sycl::frexp(hi, &exponents[1])};
     const sycl::float4 fraction[2] = {sycl::modf(lo, &integral[0]), sycl::modf(hi, &integral[1])};
     const sycl::float4 divisor(1.5f);
     const sycl::float4 remainder[2] = {sycl::remquo(lo, divisor, &quotients[0]), sycl::remquo(hi, divisor, &quotients[1])};
     const sycl::float4 lgammas[2] = {sycl::lgamma_r(lo + 3.f, &signs[0]), sycl::lgamma_r(hi.xyzz() + 0.5f, &signs[1])};
     const sycl::float4 sines[2] = {sycl::sincos(lo, sycl::global_ptr<sycl::float4>(vec_out + 1)), sycl::sincos(hi, &cosines[1])};
     cosines[0] = vec_out[1];
     for (int h = 0; h < 2; ++h)
       for (int e = 0; e < 4; ++e) {
         const int i = h * 4 + e;
         results[0 * count + i] = fract[h][e], results[1 * count + i] = whole[h][e];
         results[2 * count + i] = mantissa[h][e], results[3 * count + i] = fraction[h][e];
         results[4 * count + i] = integral[h][e], results[5 * count + i] = remainder[h][e];
         results[6 * count + i] = lgammas[h][e], results[7 * count + i] = sines[h][e] + cosines[h][e];
         ints[0 * count + i] = exponents[h][e], ints[1 * count + i] = quotients[h][e], ints[2 * count + i] = signs[h][e];
       }
     // The scalar forms with a multi_ptr and a raw pointer.
     float scalar_whole;
     results[0] = sycl::fract(inputs[0], &scalar_whole) + scalar_whole;
     int scalar_exponent;
     ints[3 * count] = int(sycl::frexp(1024.f, sycl::private_ptr<int>(&scalar_exponent)) * 2) + scalar_exponent;
   }).wait();

  for (int i = 0; i < count; ++i) {
    const float x = inputs[i];
    const float floor_x = std::floor(x);
    const float fract_x = std::isinf(x) ? 0.f : std::fmin(x - floor_x, 0x1.fffffep-1f);
    if (i != 0) expect("fract", i, results[i], fract_x);
    expect("fract whole", i, results[count + i], floor_x);
    int exponent;
    expect("frexp", i, results[2 * count + i], std::frexp(x, &exponent));
    check::equal("frexp exponent", i, ints[i], exponent);
    float integral;
    expect("modf", i, results[3 * count + i], std::modf(x, &integral));
    expect("modf integral", i, results[4 * count + i], integral);
    int quotient;
    expect("remquo", i, results[5 * count + i], std::remquo(x, 1.5f, &quotient));
    if (!std::isinf(x)) check::equal("remquo quotient", i, ints[count + i] & 7, quotient & 7);
    const float lgamma_input = i < 4 ? x + 3.f : (i == 7 ? inputs[6] : x) + 0.5f;
    int sign;
    expect("lgamma_r", i, results[6 * count + i], ::lgammaf_r(lgamma_input, &sign));
    check::equal("lgamma_r sign", i, ints[2 * count + i], sign);
    expect("sincos", i, results[7 * count + i], std::sin(x) + std::cos(x));
  }
  expect("scalar fract", 0, results[0], 0.75f + 2.f);
  check::equal("scalar frexp", 0, ints[3 * count], 1 + 11);
  sycl::free(results, q);
  sycl::free(ints, q);
  sycl::free(vec_out, q);
}

} // namespace

int main() {
  sycl::queue q;
  common_functions<float, 4>(q, "common float4");
  common_functions<float, 3>(q, "common float3");
  common_functions<double, 8>(q, "common double8");
  geometric_functions<float, 2>(q, "geometric float2");
  geometric_functions<float, 3>(q, "geometric float3");
  geometric_functions<float, 4>(q, "geometric float4");
  geometric_functions<double, 3>(q, "geometric double3");
  geometric_extremes(q);
  relational_functions<float>(q, "relational float");
  relational_functions<double>(q, "relational double");
  selections(q);
  math_shapes<float, 4>(q, "math float4");
  math_shapes<float, 3>(q, "math float3");
  math_shapes<float, 16>(q, "math float16");
  math_shapes<double, 8>(q, "math double8");
  swizzle_arguments(q);
  pointer_arguments(q);
  return check::finish();
}
