// The SYCL integer functions in kernels, for 8- to 64-bit signed and unsigned elements, each
// computed on vecs, on marrays and on scalars, against host references written independently
// in 128-bit arithmetic and bit loops. Inputs include each type's extremes (MIN, MAX, 0, -1).
#include <sycl/sycl.hpp>
#include "check.hpp"

#include <cstdint>
#include <limits>
#include <type_traits>

namespace {

enum fn { ABS, ABS_DIFF, ADD_SAT, SUB_SAT, HADD, RHADD, CLAMP, CLZ, CTZ, POPCOUNT, MAD_HI, MAD_SAT, MUL_HI, MAX, MIN,
          ROTATE, MAX_SCALAR, CLAMP_SCALARS, FUNCTION_COUNT };

// One function on any shape; `first` is the scalar that the (x, scalar) forms take.
template <typename X, typename T> X apply(int f, const X &x, const X &y, const X &z, T first) {
  switch (f) {
  case ABS: return sycl::abs(x);
  case ABS_DIFF: return sycl::abs_diff(x, y);
  case ADD_SAT: return sycl::add_sat(x, y);
  case SUB_SAT: return sycl::sub_sat(x, y);
  case HADD: return sycl::hadd(x, y);
  case RHADD: return sycl::rhadd(x, y);
  case CLAMP: return sycl::clamp(x, sycl::min(y, z), sycl::max(y, z));
  case CLZ: return sycl::clz(x);
  case CTZ: return sycl::ctz(x);
  case POPCOUNT: return sycl::popcount(x);
  case MAD_HI: return sycl::mad_hi(x, y, z);
  case MAD_SAT: return sycl::mad_sat(x, y, z);
  case MUL_HI: return sycl::mul_hi(x, y);
  case MAX: return sycl::max(x, y);
  case MIN: return sycl::min(x, y);
  case ROTATE: return sycl::rotate(x, y);
  case MAX_SCALAR: return sycl::max(x, first);
  case CLAMP_SCALARS: return sycl::clamp(x, T(first / 2 - 1), T(first / 2 + 1));
  }
  return x;
}

// ---- Host references ------------------------------------------------------------------------
template <typename T> using wide_t = std::conditional_t<std::is_signed_v<T>, __int128, unsigned __int128>;
template <typename T> constexpr int bits = int(sizeof(T) * 8);
template <typename T> T saturate(__int128 v) {
  if (v > __int128(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
  if (v < __int128(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
  return T(v);
}
template <typename T> std::make_unsigned_t<T> as_unsigned(T v) { return std::make_unsigned_t<T>(v); }

template <typename T> T reference(int f, T x, T y, T z, T first) {
  const __int128 X = x, Y = y, Z = z; // exact for every type but uint64's top half, handled below
  switch (f) {
  case ABS: return T(X < 0 ? -X : X);
  case ABS_DIFF: return T(X > Y ? X - Y : Y - X);
  case ADD_SAT: return std::is_same_v<T, std::uint64_t> ? (T(x + y) < x ? std::numeric_limits<T>::max() : T(x + y))
                                                        : saturate<T>(X + Y);
  case SUB_SAT: return std::is_same_v<T, std::uint64_t> ? (y > x ? T(0) : T(x - y)) : saturate<T>(X - Y);
  case HADD: return T((X + Y) >> 1);
  case RHADD: return T((X + Y + 1) >> 1);
  case CLAMP: {
    const T lo = y < z ? y : z, hi = y < z ? z : y;
    return x < lo ? lo : x > hi ? hi : x;
  }
  case CLZ: {
    int n = 0;
    for (int b = bits<T> - 1; b >= 0 && !((as_unsigned(x) >> b) & 1); --b) ++n;
    return T(n);
  }
  case CTZ: {
    int n = 0;
    for (int b = 0; b < bits<T> && !((as_unsigned(x) >> b) & 1); ++b) ++n;
    return T(n);
  }
  case POPCOUNT: {
    int n = 0;
    for (int b = 0; b < bits<T>; ++b) n += (as_unsigned(x) >> b) & 1;
    return T(n);
  }
  case MUL_HI: return T((wide_t<T>(x) * wide_t<T>(y)) >> bits<T>);
  case MAD_HI: return T(as_unsigned(T((wide_t<T>(x) * wide_t<T>(y)) >> bits<T>)) + as_unsigned(z));
  case MAD_SAT: {
    if constexpr (std::is_same_v<T, std::uint64_t>) {
      const unsigned __int128 exact = (unsigned __int128)x * y + z;
      return exact > std::numeric_limits<T>::max() ? std::numeric_limits<T>::max() : T(exact);
    } else {
      return saturate<T>(X * Y + Z);
    }
  }
  case MAX: return x > y ? x : y;
  case MIN: return x < y ? x : y;
  case ROTATE: {
    const int s = int(as_unsigned(y) % unsigned(bits<T>));
    const auto u = as_unsigned(x);
    return T(s == 0 ? u : std::make_unsigned_t<T>((u << s) | (u >> (bits<T> - s))));
  }
  case MAX_SCALAR: return x > first ? x : first;
  case CLAMP_SCALARS: {
    const T lo = T(first / 2 - 1), hi = T(first / 2 + 1);
    return x < lo ? lo : x > hi ? hi : x;
  }
  }
  return x;
}

template <typename T> T input(std::size_t index) {
  const T extremes[] = {std::numeric_limits<T>::min(), std::numeric_limits<T>::max(), T(0), T(-1), T(1),
                        T(std::numeric_limits<T>::min() + 1), T(std::numeric_limits<T>::max() - 1)};
  constexpr std::size_t count = sizeof(extremes) / sizeof(T);
  if (index % 3 == 0) return extremes[(index / 3) % count];
  std::uint64_t bits = index * 0x9E3779B97F4A7C15ull;
  bits ^= bits >> 29;
  return T(bits * 0xBF58476D1CE4E5B9ull >> 7);
}

template <typename T, int N> void integer_functions(sycl::queue &q, const char *name) {
  constexpr int items = 61;
  constexpr std::size_t elements = std::size_t(items) * N;
  constexpr int shapes = 3; // vec, marray, scalar
  T *x = sycl::malloc_shared<T>(3 * elements, q);
  T *out = sycl::malloc_shared<T>(shapes * FUNCTION_COUNT * elements, q);
  for (std::size_t i = 0; i < 3 * elements; ++i) x[i] = input<T>(i * 7 + 1);
  const T first = input<T>(5);

  q.parallel_for(sycl::range<1>(items), [=](sycl::id<1> id) {
     const std::size_t i = id[0];
     sycl::vec<T, N> a, b, c;
     a.load(i, sycl::global_ptr<const T>(x));
     b.load(i, sycl::global_ptr<const T>(x + elements));
     c.load(i, sycl::global_ptr<const T>(x + 2 * elements));
     sycl::marray<T, N> ma, mb, mc;
     for (int e = 0; e < N; ++e) ma[e] = a[e], mb[e] = b[e], mc[e] = c[e];
     for (int f = 0; f < FUNCTION_COUNT; ++f) {
       T *vec_out = out + (0 * FUNCTION_COUNT + f) * elements + i * N;
       T *marray_out = out + (1 * FUNCTION_COUNT + f) * elements + i * N;
       T *scalar_out = out + (2 * FUNCTION_COUNT + f) * elements + i * N;
       const sycl::vec<T, N> v = apply(f, a, b, c, first);
       const sycl::marray<T, N> m = apply(f, ma, mb, mc, first);
       for (int e = 0; e < N; ++e) {
         vec_out[e] = v[e];
         marray_out[e] = m[e];
         scalar_out[e] = apply(f, a[e], b[e], c[e], first);
       }
     }
   }).wait();

  const char *shape_names[shapes] = {"vec", "marray", "scalar"};
  for (int s = 0; s < shapes; ++s)
    for (int f = 0; f < FUNCTION_COUNT; ++f)
      for (std::size_t i = 0; i < elements; ++i) {
        const T expected = reference<T>(f, x[i], x[elements + i], x[2 * elements + i], first);
        const T got = out[(std::size_t(s) * FUNCTION_COUNT + f) * elements + i];
        if (got != expected && check::failures < 10)
          std::printf("%s %s function %d element %zu: inputs %lld %lld %lld\n", name, shape_names[s], f, i,
                      (long long)x[i], (long long)x[elements + i], (long long)x[2 * elements + i]);
        check::equal(name, long(f * 100000 + s * 10000 + i), got, expected);
      }
  sycl::free(x, q);
  sycl::free(out, q);
}

// upsample (hi, lo) -> twice the width; mad24/mul24 on 24-bit values; swizzle arguments.
void upsample_and_24_bit(sycl::queue &q) {
  long long *out = sycl::malloc_shared<long long>(64, q);
  q.single_task([=] {
     int n = 0;
     const sycl::vec<std::int8_t, 4> hi8(-1, 0, 127, -128);
     const sycl::vec<std::uint8_t, 4> lo8(255, 1, 0, 128);
     const sycl::vec<std::int16_t, 4> up16 = sycl::upsample(hi8, lo8);
     for (int e = 0; e < 4; ++e) out[n++] = up16[e];
     const sycl::vec<std::uint16_t, 3> uhi16(65535, 1, 0);
     const sycl::vec<std::uint16_t, 3> ulo16(65535, 2, 7);
     const sycl::vec<std::uint32_t, 3> up32 = sycl::upsample(uhi16, ulo16);
     for (int e = 0; e < 3; ++e) out[n++] = up32[e];
     const sycl::marray<std::int32_t, 2> hi32(-2, 3);
     const sycl::marray<std::uint32_t, 2> lo32(5u, 0xffffffffu);
     const sycl::marray<std::int64_t, 2> up64 = sycl::upsample(hi32, lo32);
     for (int e = 0; e < 2; ++e) out[n++] = up64[e];
     out[n++] = sycl::upsample(std::int16_t(-3), std::uint16_t(9));
     const sycl::int4 a(8388607, -8388608, 1000, -3);
     const sycl::int4 b(2, 2, -1000, 7);
     const sycl::int4 m = sycl::mul24(a, b);
     const sycl::int4 md = sycl::mad24(a, b, sycl::int4(1));
     for (int e = 0; e < 4; ++e) out[n++] = m[e], out[n++] = md[e];
     out[n++] = sycl::mul24(4096u, 4095u);
     const sycl::int4 wide(5, -6, 7, -8);
     const sycl::int2 swizzled = sycl::abs(wide.yw()) + sycl::max(wide.xz(), wide.zx());
     out[n++] = swizzled[0], out[n++] = swizzled[1];
   }).wait();
  const long long expected[] = {-1,        1,         32512, -32768 + 128, 4294967295LL, 65538, 7,
                                -2LL * 4294967296LL + 5, 3LL * 4294967296LL + 0xffffffffLL, -3 * 65536 + 9,
                                16777214,  16777215,  -16777216, -16777215, -1000000, -999999, -21, -20,
                                4096LL * 4095, 6 + 7, 8 + 7};
  for (int i = 0; i < int(sizeof(expected) / sizeof(expected[0])); ++i) check::equal("upsample/24-bit", i, out[i], expected[i]);
  sycl::free(out, q);
}

} // namespace

int main() {
  sycl::queue q;
  integer_functions<std::int8_t, 16>(q, "char16");
  integer_functions<std::uint8_t, 3>(q, "uchar3");
  integer_functions<std::int16_t, 8>(q, "short8");
  integer_functions<std::uint16_t, 2>(q, "ushort2");
  integer_functions<std::int32_t, 4>(q, "int4");
  integer_functions<std::uint32_t, 3>(q, "uint3");
  integer_functions<std::int64_t, 2>(q, "long2");
  integer_functions<std::uint64_t, 8>(q, "ulong8");
  upsample_and_24_bit(q);
  return check::finish();
}
