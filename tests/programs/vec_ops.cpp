// sycl::vec in kernels, against scalar host loops: the arithmetic, bitwise, comparison and logical
// operators for every size with int and float (and sizes 3 and 8 with the other element types),
// with the comparison results' type and -1/0 values; then the constructors, swizzles (reads,
// writes, swizzles of swizzles), convert with each rounding mode (the reference converts with the
// host FPU's rounding mode set by fesetround), as, load/store with multi_ptr and raw pointers, and
// the layout.
#include <sycl/sycl.hpp>
#include "check.hpp"

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

namespace {

constexpr int items = 37;

template <typename T> T input(std::uint32_t index, bool divisor) {
  std::uint32_t bits = index * 2654435761u + 12345u;
  bits ^= bits >> 13;
  const std::uint32_t r = bits % 2001u;
  if constexpr (std::is_floating_point_v<T>) {
    const T v = T(int(r) - 1000) / T(8);
    return divisor && v == 0 ? T(0.5) : v;
  } else if constexpr (std::is_signed_v<T>) {
    const int v = int(r % 201) - 100;
    return T(divisor && v == 0 ? 7 : v);
  } else {
    const unsigned v = r % 200;
    return T(divisor && v == 0 ? 3 : v);
  }
}

// Reference results, one element at a time. Integer results wrap as the vec's element type does.
template <typename T> T arithmetic_reference(int op, T a, T b) {
  using U = std::make_unsigned_t<std::conditional_t<std::is_floating_point_v<T>, int, T>>;
  switch (op) {
  case 0: return T(a + b);
  case 1: return T(a - b);
  case 2: return T(a * b);
  case 3: return T(a / b);
  case 4: return T(a + T(3));
  case 5: return T(T(5) - a);
  case 6: return T(-a);
  case 7: return T(T(T(T(a + b) * a)) - T(1));
  case 8: return T(a + T(1));
  case 9: return a;
  }
  if constexpr (std::is_integral_v<T>) {
    switch (op) {
    case 10: return T(a % b);
    case 11: return T(a & b);
    case 12: return T(a | b);
    case 13: return T(a ^ b);
    case 14: return T(U(a) << (b & 3));
    case 15: return T(a >> (b & 3));
    case 16: return T(~a);
    case 17: return T(T(T(a & b) | T(8)) >> 1);
    }
  }
  return T(0);
}

// The signed integer of T's width: the element type of comparison results.
template <typename T>
using signed_of_width_t = std::conditional_t<
    sizeof(T) == 1, std::int8_t,
    std::conditional_t<sizeof(T) == 2, std::int16_t, std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>>>;

template <typename T, int N> void arithmetic(sycl::queue &q, const char *name) {
  constexpr int ops = std::is_integral_v<T> ? 18 : 10;
  constexpr int comparisons = 11;
  using S = signed_of_width_t<T>;
  using V = sycl::vec<T, N>;
  static_assert(std::is_same_v<decltype(V() < V()), sycl::vec<S, N>>, "comparison result type");
  static_assert(std::is_same_v<decltype(V() == T(1)), sycl::vec<S, N>>, "comparison with a scalar");
  static_assert(std::is_same_v<decltype(V() && V()), sycl::vec<S, N>>, "logical result type");
  static_assert(std::is_same_v<decltype(!V()), sycl::vec<S, N>>, "! result type");

  T *a = sycl::malloc_shared<T>(items * N, q);
  T *b = sycl::malloc_shared<T>(items * N, q);
  T *out = sycl::malloc_shared<T>(ops * items * N, q);
  S *cmp = sycl::malloc_shared<S>(comparisons * items * N, q);
  for (int i = 0; i < items * N; ++i) {
    a[i] = input<T>(i, false);
    // Every fourth pair is equal, so == and <= see both outcomes.
    b[i] = i % 4 == 0 && a[i] != T(0) ? a[i] : input<T>(i + 1000, true);
  }

  q.parallel_for(sycl::range<1>(items), [=](sycl::id<1> id) {
     const std::size_t i = id[0];
     V x, y;
     x.load(i, sycl::global_ptr<const T>(a));
     y.load(i, sycl::global_ptr<T>(b));
     auto result = [&](int op) { return sycl::global_ptr<T>(out + std::size_t(op) * items * N); };
     (x + y).store(i, result(0));
     (x - y).store(i, result(1));
     (x * y).store(i, result(2));
     (x / y).store(i, result(3));
     (x + T(3)).store(i, result(4));
     (T(5) - x).store(i, result(5));
     (-x).store(i, result(6));
     V z = x;
     z += y;
     z *= x;
     z -= T(1);
     z.store(i, result(7));
     z = x;
     ++z;
     z++;
     --z;
     z.store(i, result(8));
     (+x).store(i, result(9));
     if constexpr (std::is_integral_v<T>) {
       (x % y).store(i, result(10));
       (x & y).store(i, result(11));
       (x | y).store(i, result(12));
       (x ^ y).store(i, result(13));
       (x << (y & T(3))).store(i, result(14));
       (x >> (y & T(3))).store(i, result(15));
       (~x).store(i, result(16));
       z = x;
       z &= y;
       z |= T(8);
       z >>= T(1);
       z.store(i, result(17));
     }
     auto compared = [&](int op) { return sycl::global_ptr<S>(cmp + std::size_t(op) * items * N); };
     (x == y).store(i, compared(0));
     (x != y).store(i, compared(1));
     (x < y).store(i, compared(2));
     (x > y).store(i, compared(3));
     (x <= y).store(i, compared(4));
     (x >= y).store(i, compared(5));
     (x && y).store(i, compared(6));
     (x || y).store(i, compared(7));
     (!x).store(i, compared(8));
     (x < T(0)).store(i, compared(9));
     (T(0) <= x).store(i, compared(10));
   }).wait();

  for (int op = 0; op < ops; ++op)
    for (int i = 0; i < items * N; ++i)
      check::equal(name, op * 1000 + i, out[op * items * N + i], arithmetic_reference<T>(op, a[i], b[i]));
  for (int op = 0; op < comparisons; ++op) {
    for (int i = 0; i < items * N; ++i) {
      const T x = a[i], y = b[i];
      const bool truth[comparisons] = {x == y, x != y, x < y,  x > y,     x <= y,   x >= y,
                                       x && y, x || y, !x,     x < T(0),  T(0) <= x};
      check::equal(name, 100000 + op * 1000 + i, cmp[op * items * N + i], truth[op] ? S(-1) : S(0));
    }
  }
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(out, q);
  sycl::free(cmp, q);
}

// Writes a sequence of numbers; the host builds the expected sequence the same way.
struct recorder {
  double *out;
  int count = 0;
  void put(double value) { out[count++] = value; }
  template <typename V> void put_all(const V &v) {
    for (std::size_t i = 0; i < v.size(); ++i) put(double(v[int(i)]));
  }
};

void swizzles_and_constructors(sycl::queue &q) {
  double *out = sycl::malloc_shared<double>(512, q);
  int *count = sycl::malloc_shared<int>(1, q);
  q.single_task([=] {
     recorder r{out};
     const sycl::float4 v(1.f, 2.f, 3.f, 4.f);
     sycl::float4 m = v;
     r.put(m.x()), r.put(m.y()), r.put(m.z()), r.put(m.w());
     r.put(m.r()), r.put(m.g()), r.put(m.b()), r.put(m.a());
     r.put(m.s0()), r.put(m.s1()), r.put(m.s2()), r.put(m.s3());
     r.put_all(sycl::float4(m.wzyx()));
     r.put_all(sycl::float4(m.xxyy()));
     r.put_all(sycl::float3(m.zyx()));
     r.put_all(sycl::float4(m.bgra()));
     r.put_all(sycl::float3(m.swizzle<3, 0, 2>()));
     r.put_all(sycl::float2(m.lo())), r.put_all(sycl::float2(m.hi()));
     r.put_all(sycl::float2(m.even())), r.put_all(sycl::float2(m.odd()));
     r.put_all(sycl::float2(m.wzyx().xy())), r.put_all(sycl::float2(m.hi().yx()));
     r.put_all(sycl::float2(v.yx())); // a swizzle of a const vec reads

     sycl::float4 w = v;
     w.xy() = w.yx();
     r.put_all(w);
     w = v;
     w.zw() = sycl::float2(9.f, 8.f);
     r.put_all(w);
     w = v;
     w.odd() += 10.f;
     r.put_all(w);
     w = v;
     w.x() = 5.f;
     w.s3() = 6.f;
     r.put_all(w);
     w = v;
     w.lo() = w.hi();
     r.put_all(w);
     w = v;
     w.swizzle<2, 0>() = sycl::float2(7.f, 8.f);
     r.put_all(w);
     w = v;
     w.wzyx() = v;
     r.put_all(w);
     w = v;
     r.put_all(sycl::float3(w.yzx()++));
     r.put_all(w);
     w = v;
     w.xy() *= w.zw();
     r.put_all(w);
     w = v;
     w.zyx() = 1.5f;
     r.put_all(w);
     w = v;
     r.put_all(sycl::float2(w.xy() + w.zw()));
     r.put(w.x() * 2.f);
     const float sum = w.x() + w.y();
     r.put(sum);
     if (w.w() > 3.5f) r.put(-1);

     sycl::int8 i8(0, 1, 2, 3, 4, 5, 6, 7);
     r.put(i8.s7());
     r.put_all(sycl::int4(i8.lo())), r.put_all(sycl::int4(i8.hi()));
     r.put_all(sycl::int4(i8.even())), r.put_all(sycl::int4(i8.odd()));
     r.put_all(sycl::int2(i8.lo().hi()));
     sycl::float3 t3(1.f, 2.f, 3.f);
     r.put(sycl::float2(t3.hi())[0]);
     r.put(sycl::float2(t3.odd())[0]);
     r.put_all(sycl::float3(t3.zyx()));
     t3.xz() = sycl::float2(7.f, 8.f);
     r.put_all(t3);
     sycl::int16 i16(i8, sycl::int4(8, 9, 10, 11), sycl::int2(12, 13), 14, 15);
     r.put_all(i16);
     r.put_all(sycl::int2(i16.lo().lo().lo()));
     r.put(i16.sF()), r.put(i16.sA());

     r.put_all(sycl::float4(2.5f));
     r.put_all(sycl::float4(sycl::float2(1.f, 2.f), 3.f, 4.f));
     r.put_all(sycl::float4(1.f, m.yz(), 7.f));
     r.put_all(sycl::float8(m, m.wzyx()));
     r.put_all(sycl::double3(1, 2.5f, 3u));
     sycl::vec<int, 1> one(5);
     const int plain = one;
     r.put(plain);
     sycl::vec<float, 1> single;
     single = m.y();
     r.put(single);
     r.put_all(sycl::float4());
     sycl::vec deduced(1.0, 2.0, 3.0);
     static_assert(std::is_same_v<decltype(deduced), sycl::double3>, "deduction guide");
     r.put_all(deduced);
     // A 1-element vec or swizzle acts as a scalar next to a longer vec.
     r.put_all(sycl::float3(1.f, 2.f, 3.f) * m.w());
     r.put_all(sycl::float2(m.xy()) + sycl::vec<float, 1>(0.5f));
     r.put_all(m.w() - sycl::float2(1.f, 2.f));
     *count = r.count;
   }).wait();

  std::vector<double> expected;
  auto put = [&](std::initializer_list<double> values) { expected.insert(expected.end(), values); };
  put({1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4});
  put({4, 3, 2, 1, 1, 1, 2, 2, 3, 2, 1, 3, 2, 1, 4, 4, 1, 3});
  put({1, 2, 3, 4, 1, 3, 2, 4, 4, 3, 4, 3, 2, 1});
  put({2, 1, 3, 4});      // xy = yx
  put({1, 2, 9, 8});      // zw = (9, 8)
  put({1, 12, 3, 14});    // odd += 10
  put({5, 2, 3, 6});      // x = 5, s3 = 6
  put({3, 4, 3, 4});      // lo = hi
  put({8, 2, 7, 4});      // swizzle<2, 0> = (7, 8)
  put({4, 3, 2, 1});      // wzyx = v
  put({2, 3, 1, 2, 3, 4, 4}); // yzx++ returns the old (2, 3, 1), then w is (2, 3, 4, 4)
  put({3, 8, 3, 4});      // xy *= zw
  put({1.5, 1.5, 1.5, 4}); // zyx = 1.5
  put({4, 6, 2, 3, -1});
  put({7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 2, 4, 6, 1, 3, 5, 7, 2, 3});
  put({3, 2, 3, 2, 1, 7, 2, 8});
  for (int i = 0; i < 16; ++i) put({double(i)});
  put({0, 1, 15, 10});
  put({2.5, 2.5, 2.5, 2.5, 1, 2, 3, 4, 1, 2, 3, 7, 1, 2, 3, 4, 4, 3, 2, 1, 1, 2.5, 3, 5, 2, 0, 0, 0, 0, 1, 2, 3});
  put({4, 8, 12, 1.5, 2.5, 3, 2});

  check::equal("swizzle record count", 0, *count, int(expected.size()));
  for (std::size_t i = 0; i < expected.size() && int(i) < *count; ++i) check::equal("swizzles", long(i), out[i], expected[i]);
  sycl::free(out, q);
  sycl::free(count, q);
}

// Host conversions under a rounding mode: the independent reference for convert<T, mode>.
#pragma STDC FENV_ACCESS ON
template <typename To, typename From> To convert_with_rounding(From value, int mode) {
  const int saved = std::fegetround();
  std::fesetround(mode);
  volatile From source = value;
  volatile To converted = static_cast<To>(source);
  std::fesetround(saved);
  return converted;
}
template <typename From> double round_to_integer_with_rounding(From value, int mode) {
  const int saved = std::fegetround();
  std::fesetround(mode);
  volatile double source = double(value);
  volatile double rounded = std::nearbyint(source);
  std::fesetround(saved);
  return rounded;
}
#pragma STDC FENV_ACCESS OFF

void conversions(sycl::queue &q) {
  int *ints = sycl::malloc_shared<int>(5 * 4, q);
  float *floats = sycl::malloc_shared<float>(4 * 4, q);
  float *from_long = sycl::malloc_shared<float>(4 * 2, q);
  double *from_ulong = sycl::malloc_shared<double>(4 * 2, q);
  float *from_int = sycl::malloc_shared<float>(2, q);
  unsigned char *narrowed = sycl::malloc_shared<unsigned char>(4, q);
  std::uint32_t *bits = sycl::malloc_shared<std::uint32_t>(4 + 4, q);
  float *padded = sycl::malloc_shared<float>(3, q);

  const float f_in[4] = {1.5f, -1.5f, 2.5f, -2.7f};
  const double d_in[4] = {1.0 / 3.0, -1.0 / 3.0, 0.1, 1e300};
  const long l_in[2] = {16777217, -16777217};
  const unsigned long u_in[2] = {(1ul << 63) + 1, 9007199254740993ul};
  q.single_task([=] {
     const sycl::float4 f(f_in[0], f_in[1], f_in[2], f_in[3]);
     f.convert<int>().store(0, sycl::global_ptr<int>(ints));
     f.convert<int, sycl::rounding_mode::rte>().store(1, sycl::global_ptr<int>(ints));
     f.convert<int, sycl::rounding_mode::rtz>().store(2, sycl::global_ptr<int>(ints));
     f.convert<int, sycl::rounding_mode::rtp>().store(3, sycl::global_ptr<int>(ints));
     f.convert<int, sycl::rounding_mode::rtn>().store(4, sycl::global_ptr<int>(ints));
     const sycl::double4 d(d_in[0], d_in[1], d_in[2], d_in[3]);
     d.convert<float, sycl::rounding_mode::rte>().store(0, sycl::global_ptr<float>(floats));
     d.convert<float, sycl::rounding_mode::rtz>().store(1, sycl::global_ptr<float>(floats));
     d.convert<float, sycl::rounding_mode::rtp>().store(2, sycl::global_ptr<float>(floats));
     d.convert<float, sycl::rounding_mode::rtn>().store(3, sycl::global_ptr<float>(floats));
     const sycl::long2 l(l_in[0], l_in[1]);
     l.convert<float, sycl::rounding_mode::rte>().store(0, sycl::global_ptr<float>(from_long));
     l.convert<float, sycl::rounding_mode::rtz>().store(1, sycl::global_ptr<float>(from_long));
     l.convert<float, sycl::rounding_mode::rtp>().store(2, sycl::global_ptr<float>(from_long));
     l.convert<float, sycl::rounding_mode::rtn>().store(3, sycl::global_ptr<float>(from_long));
     const sycl::ulong2 u(u_in[0], u_in[1]);
     u.convert<double, sycl::rounding_mode::rte>().store(0, sycl::global_ptr<double>(from_ulong));
     u.convert<double, sycl::rounding_mode::rtz>().store(1, sycl::global_ptr<double>(from_ulong));
     u.convert<double, sycl::rounding_mode::rtp>().store(2, sycl::global_ptr<double>(from_ulong));
     u.convert<double, sycl::rounding_mode::rtn>().store(3, sycl::global_ptr<double>(from_ulong));
     sycl::int2(16777217, 3).convert<float>().store(0, sycl::global_ptr<float>(from_int));
     sycl::int4(300, -1, 65, 255).convert<unsigned char>().store(0, sycl::global_ptr<unsigned char>(narrowed));
     f.as<sycl::uint4>().store(0, sycl::global_ptr<std::uint32_t>(bits));
     sycl::uchar16 bytes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
     bytes.as<sycl::uint4>().store(1, sycl::global_ptr<std::uint32_t>(bits));
     const sycl::float3 three(7.f, 8.f, 9.f);
     const sycl::float4 as_four = three.as<sycl::float4>();
     sycl::float3(as_four.xyz()).store(0, sycl::global_ptr<float>(padded));
   }).wait();

  const int modes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
  for (int i = 0; i < 4; ++i) {
    // automatic: the element type's default, to nearest even from floating point.
    check::equal("convert<int>", i, ints[i], int(round_to_integer_with_rounding(f_in[i], FE_TONEAREST)));
    for (int m = 0; m < 4; ++m) {
      check::equal("convert<int, mode>", m * 10 + i, ints[(m + 1) * 4 + i],
                   int(round_to_integer_with_rounding(f_in[i], modes[m])));
      check::equal("double -> float", m * 10 + i, floats[m * 4 + i], convert_with_rounding<float>(d_in[i], modes[m]));
    }
  }
  for (int m = 0; m < 4; ++m)
    for (int i = 0; i < 2; ++i) {
      check::equal("long -> float", m * 10 + i, from_long[m * 2 + i], convert_with_rounding<float>(l_in[i], modes[m]));
      check::equal("ulong -> double", m * 10 + i, from_ulong[m * 2 + i],
                   convert_with_rounding<double>(u_in[i], modes[m]));
    }
  check::equal("int -> float", 0, from_int[0], 16777216.0f);
  check::equal("int -> float", 1, from_int[1], 3.0f);
  const int narrowed_in[4] = {300, -1, 65, 255};
  for (int i = 0; i < 4; ++i) check::equal("int -> uchar", i, narrowed[i], (unsigned char)narrowed_in[i]);
  for (int i = 0; i < 4; ++i) {
    std::uint32_t expected;
    std::memcpy(&expected, &f_in[i], 4);
    check::equal("as<uint4>", i, bits[i], expected);
    const unsigned char word[4] = {(unsigned char)(4 * i), (unsigned char)(4 * i + 1), (unsigned char)(4 * i + 2),
                                   (unsigned char)(4 * i + 3)};
    std::memcpy(&expected, word, 4);
    check::equal("uchar16 as uint4", i, bits[4 + i], expected);
  }
  for (int i = 0; i < 3; ++i) check::equal("float3 as float4", i, padded[i], 7.0f + float(i));
  for (void *p : {(void *)ints, (void *)floats, (void *)from_long, (void *)from_ulong, (void *)from_int,
                  (void *)narrowed, (void *)bits, (void *)padded})
    sycl::free(p, q);
}

void loads_and_stores(sycl::queue &q) {
  int *data = sycl::malloc_shared<int>(32, q);
  int *out = sycl::malloc_shared<int>(32, q);
  for (int i = 0; i < 32; ++i) data[i] = i, out[i] = -1;
  q.single_task([=] {
     sycl::int3 t;
     t.load(2, sycl::global_ptr<const int>(data)); // elements 6, 7, 8
     t.store(1, sycl::global_ptr<int>(out));       // out[3..5]
     sycl::int8 e;
     e.load(1, sycl::global_ptr<int>(data)); // elements 8..15
     e.store(2, sycl::global_ptr<int>(out)); // out[16..23]
     sycl::int4 s(100, 101, 102, 103);
     s.odd().store(0, sycl::global_ptr<int>(out)); // out[0..1]
     s.lo().load(3, sycl::global_ptr<const int>(data)); // s.xy = data[6..7]
     s.store(6, sycl::global_ptr<int>(out));             // out[24..27]
     sycl::int2 raw;
     raw.load(15, data);                                  // elements 30, 31
     raw.store(14, out);                                  // out[28..29]
     s.hi().store(15, out);                               // out[30..31] = 102, 103
     static_assert(decltype(s.hi())::size() == 2);
   }).wait();
  int expected[32];
  for (int i = 0; i < 32; ++i) expected[i] = -1;
  expected[0] = 101, expected[1] = 103;
  for (int i = 0; i < 3; ++i) expected[3 + i] = 6 + i;
  for (int i = 0; i < 8; ++i) expected[16 + i] = 8 + i;
  expected[24] = 6, expected[25] = 7, expected[26] = 102, expected[27] = 103;
  expected[28] = 30, expected[29] = 31, expected[30] = 102, expected[31] = 103;
  for (int i = 0; i < 32; ++i) check::equal("load/store", i, out[i], expected[i]);
  sycl::free(data, q);
  sycl::free(out, q);
}

// vecs as buffer elements through accessors (read, swizzle, write back), and USM fill.
void buffers_and_fill(sycl::queue &q) {
  constexpr std::size_t n = 100;
  std::vector<sycl::float4> data(n, sycl::float4(1.f, 2.f, 3.f, 4.f));
  {
    sycl::buffer<sycl::float4> buffer(data.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{buffer, h};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        a[i] = a[i].wzyx() * float(i[0]);
        a[i].x() += 0.5f;
      });
    });
  }
  for (std::size_t i = 0; i < n; ++i) {
    const float expected[4] = {4.f * float(i) + 0.5f, 3.f * float(i), 2.f * float(i), 1.f * float(i)};
    for (int e = 0; e < 4; ++e) check::equal("buffer of float4", long(i * 4 + e), data[i][e], expected[e]);
  }
  sycl::int3 *filled = sycl::malloc_shared<sycl::int3>(n, q);
  q.fill(filled, sycl::int3(7, 8, 9), n).wait();
  for (std::size_t i = 0; i < n; ++i)
    for (int e = 0; e < 3; ++e) check::equal("fill int3", long(i * 3 + e), filled[i][e], 7 + e);
  sycl::free(filled, q);
}

// The layout the specification gives vec, and what its size queries answer.
static_assert(sizeof(sycl::float3) == 16 && alignof(sycl::float3) == 16, "a 3-element vec is padded to 4");
static_assert(sizeof(sycl::char3) == 4 && sizeof(sycl::double3) == 32, "a 3-element vec is padded to 4");
static_assert(sizeof(sycl::double16) == 128 && alignof(sycl::int8) == 32, "a vec is aligned to its size");
static_assert(sycl::float3::size() == 3 && sycl::float3::byte_size() == 16, "size() and byte_size()");
static_assert(sycl::vec<short, 16>::size() == 16 && sycl::vec<short, 16>::byte_size() == 32, "size() and byte_size()");
static_assert(std::is_trivially_copyable_v<sycl::float4> && std::is_trivially_copyable_v<sycl::long16>,
              "vecs copy as bytes into kernels");
static_assert(std::is_same_v<sycl::cl_float4, sycl::vec<float, 4>> && std::is_same_v<sycl::uchar2, sycl::vec<std::uint8_t, 2>>,
              "aliases");

} // namespace

int main() {
  sycl::queue q;
  arithmetic<int, 1>(q, "int1");
  arithmetic<int, 2>(q, "int2");
  arithmetic<int, 3>(q, "int3");
  arithmetic<int, 4>(q, "int4");
  arithmetic<int, 8>(q, "int8");
  arithmetic<int, 16>(q, "int16");
  arithmetic<float, 1>(q, "float1");
  arithmetic<float, 2>(q, "float2");
  arithmetic<float, 3>(q, "float3");
  arithmetic<float, 4>(q, "float4");
  arithmetic<float, 8>(q, "float8");
  arithmetic<float, 16>(q, "float16");
  arithmetic<std::int8_t, 3>(q, "char3");
  arithmetic<std::uint8_t, 16>(q, "uchar16");
  arithmetic<std::int16_t, 8>(q, "short8");
  arithmetic<std::uint32_t, 3>(q, "uint3");
  arithmetic<std::int64_t, 8>(q, "long8");
  arithmetic<std::uint64_t, 3>(q, "ulong3");
  arithmetic<double, 3>(q, "double3");
  arithmetic<double, 8>(q, "double8");
  swizzles_and_constructors(q);
  conversions(q);
  loads_and_stores(q);
  buffers_and_fill(q);
  return check::finish();
}
