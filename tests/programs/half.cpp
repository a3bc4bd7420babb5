// sycl::half: storage (2 bytes, binary16 encoding), conversions, arithmetic in kernels checked
// bit for bit against the host's correctly rounded binary16 results for every encoding, mixed
// arithmetic result types, comparisons, the math, common and relational built-ins,
// numeric_limits, std::hash, iostreams, and aspect::fp16; nextafter and nan in binary16;
// vec<half, N> and marray<half, N> (operators, swizzles, conversions with rounding modes,
// built-ins) agreeing with scalar half, one element of them converting to int, double, bool; the
// built-ins with pointer arguments and the common ones on half shapes, with SYCL 2020 revision
// 8's explicit template forms; mix and smoothstep in half arithmetic (rounded after each
// operation, as the SYCL-CTS's reference computes them); group algorithms and reductions over half.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <type_traits>
#include <vector>

#include "check.hpp"

namespace {

constexpr std::size_t encodings = 1 << 16;

std::uint16_t bits_of(sycl::half h) {
  std::uint16_t bits;
  std::memcpy(&bits, &h, sizeof bits);
  return bits;
}
sycl::half from_bits(std::uint16_t bits) {
  sycl::half h;
  std::memcpy(&h, &bits, sizeof h);
  return h;
}
// The correctly rounded binary16 result of a double (exact for +, -, *, / and sqrt of halves).
std::uint16_t rounded(double value) {
  _Float16 h = static_cast<_Float16>(value);
  std::uint16_t bits;
  std::memcpy(&bits, &h, sizeof bits);
  return bits;
}
bool same(std::uint16_t got, std::uint16_t expected) {
  bool got_nan = (got & 0x7C00) == 0x7C00 && (got & 0x3FF);
  bool expected_nan = (expected & 0x7C00) == 0x7C00 && (expected & 0x3FF);
  return got_nan || expected_nan ? got_nan == expected_nan : got == expected;
}

void arithmetic_matches_binary16(sycl::queue &q) {
  std::vector<sycl::half> x(encodings), y(encodings);
  for (std::size_t i = 0; i < encodings; ++i) {
    x[i] = from_bits(std::uint16_t(i));
    y[i] = from_bits(std::uint16_t((i * 7919 + 12345) % encodings));
  }
  std::vector<sycl::half> sum(encodings), product(encodings), quotient(encodings), root(encodings);
  {
    sycl::buffer<sycl::half> xb(x.data(), encodings), yb(y.data(), encodings), sb(sum.data(), encodings),
        pb(product.data(), encodings), qb(quotient.data(), encodings), rb(root.data(), encodings);
    q.submit([&](sycl::handler &h) {
      sycl::accessor a{xb, h, sycl::read_only}, b{yb, h, sycl::read_only};
      sycl::accessor s{sb, h, sycl::write_only}, p{pb, h, sycl::write_only}, d{qb, h, sycl::write_only},
          r{rb, h, sycl::write_only};
      h.parallel_for(sycl::range<1>(encodings), [=](sycl::id<1> i) {
        s[i] = a[i] + b[i];
        p[i] = a[i] * b[i];
        d[i] = a[i] / b[i];
        r[i] = sycl::sqrt(a[i]);
      });
    });
  }
  for (std::size_t i = 0; i < encodings; ++i) {
    double a = float(x[i]), b = float(y[i]);
    check::equal("a + b", long(i), same(bits_of(sum[i]), rounded(a + b)), true);
    check::equal("a * b", long(i), same(bits_of(product[i]), rounded(a * b)), true);
    check::equal("a / b", long(i), same(bits_of(quotient[i]), rounded(a / b)), true);
    check::equal("sqrt", long(i), same(bits_of(root[i]), rounded(std::sqrt(a))), true);
  }
}

void conversions_and_types() {
  static_assert(sizeof(sycl::half) == 2 && std::is_trivially_copyable_v<sycl::half>);
  static_assert(std::is_same_v<decltype(sycl::half() * 2), sycl::half>);
  static_assert(std::is_same_v<decltype(sycl::half() * 2.0f), float>);
  static_assert(std::is_same_v<decltype(2.0 * sycl::half()), double>);
  check::equal("one", 0, bits_of(sycl::half(1.0f)), 0x3C00);
  check::equal("from double", 0, bits_of(sycl::half(-2.0)), 0xC000);
  check::equal("from int", 0, bits_of(sycl::half(3)), 0x4200);
  check::equal("rounds to even", 0, bits_of(sycl::half(2049.0f)), bits_of(sycl::half(2048.0f)));
  check::equal("overflow", 0, bits_of(sycl::half(65520.0f)), 0x7C00);
  check::equal("to int", 0, int(sycl::half(-7.75f)), -7);
  sycl::half h = 1.5f;
  h += 1;
  h *= sycl::half(2);
  h -= 0.5f;
  h /= 2.0;
  check::equal("compound assignment", 0, float(h), 2.25f);
  check::equal("increment", 0, float(++h), 3.25f);
  check::equal("comparisons", 0, h > 3 && h < 3.5 && h == 3.25f && h != sycl::half(3) && -h < h, true);
  check::equal("comparisons with bool", 0, sycl::half(1) == true && h != true && sycl::half(0) == false && true < h, true);
}

void limits_hash_and_streams(const sycl::device &d) {
  using limits = std::numeric_limits<sycl::half>;
  check::equal("max", 0, float(limits::max()), 65504.0f);
  check::equal("lowest", 0, float(limits::lowest()), -65504.0f);
  check::equal("min", 0, float(limits::min()), 6.103515625e-05f);
  check::equal("denorm_min", 0, float(limits::denorm_min()), 5.9604644775390625e-08f);
  check::equal("epsilon", 0, float(limits::epsilon()), 0.0009765625f);
  check::equal("infinity", 0, std::isinf(float(limits::infinity())), true);
  check::equal("quiet_NaN", 0, sycl::isnan(limits::quiet_NaN()), true);
  check::equal("digits", 0, limits::digits, 11);
  check::equal("hash", 0, std::hash<sycl::half>()(sycl::half(1.0f)) == std::hash<sycl::half>()(sycl::half(1)), true);
  std::ostringstream text;
  text << sycl::half(0.5f);
  std::istringstream in("2.5");
  sycl::half read;
  in >> read;
  check::equal("iostreams", 0, text.str() == "0.5" && read == 2.5f, true);
  check::equal("aspect::fp16", 0, d.has(sycl::aspect::fp16), true);
  check::equal("half_fp_config", 0, !d.get_info<sycl::info::device::half_fp_config>().empty(), true);
}

// The built-ins evaluate in float and round once, so they are within one half ulp of double's.
void builtins(sycl::queue &q) {
  const std::size_t n = 1000;
  sycl::half *values = sycl::malloc_shared<sycl::half>(n, q);
  sycl::half *results = sycl::malloc_shared<sycl::half>(4 * n, q);
  bool *flags = sycl::malloc_shared<bool>(n, q);
  for (std::size_t i = 0; i < n; ++i) values[i] = sycl::half(float(i) * 0.01f - 5.0f);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     sycl::half v = values[i];
     results[4 * i] = sycl::sin(v);
     results[4 * i + 1] = sycl::exp(v);
     results[4 * i + 2] = sycl::clamp(sycl::fabs(v), sycl::half(0.5f), sycl::half(2));
     results[4 * i + 3] = sycl::fmax(sycl::floor(v), sycl::pown(v, 2));
     flags[i] = sycl::isgreater(v, sycl::half(0)) && !sycl::isnan(v) && !sycl::signbit(v);
   }).wait();
  for (std::size_t i = 0; i < n; ++i) {
    double v = float(values[i]);
    check::equal("sin", long(i), bits_of(results[4 * i]), rounded(float(std::sin(float(v)))));
    check::equal("exp", long(i), bits_of(results[4 * i + 1]), rounded(float(std::exp(float(v)))));
    check::equal("clamp", long(i), float(results[4 * i + 2]), float(std::fmin(std::fmax(std::fabs(v), 0.5), 2.0)));
    check::equal("fmax", long(i), bits_of(results[4 * i + 3]), rounded(std::fmax(std::floor(v), v * v)));
    check::equal("relational", long(i), flags[i], v > 0);
  }
  sycl::free(values, q);
  sycl::free(results, q);
  sycl::free(flags, q);
}

// The half next to x toward y, found by search among every non-NaN binary16 value in ascending
// order: independent of the encoding arithmetic sycl::nextafter uses.
std::uint16_t next_half(sycl::half x, sycl::half y, const std::vector<float> &ascending) {
  const float a = float(x), b = float(y);
  if (std::isnan(a) || std::isnan(b)) return 0x7E00;
  if (a == b) return bits_of(y);
  const float next = b > a ? *std::upper_bound(ascending.begin(), ascending.end(), a)
                           : *(std::lower_bound(ascending.begin(), ascending.end(), a) - 1);
  return next == 0 ? bits_of(sycl::half(std::copysign(0.0f, a))) : rounded(next);
}

// nextafter steps to the neighbouring binary16 value (not float's), for every encoding toward
// values on both sides; nan takes a 16-bit nancode (scalar, vec, marray) and gives half.
void nextafter_and_nan(sycl::queue &q) {
  std::vector<float> ascending;
  for (std::size_t i = 0; i < encodings; ++i)
    if (!std::isnan(float(from_bits(std::uint16_t(i))))) ascending.push_back(float(from_bits(std::uint16_t(i))));
  std::sort(ascending.begin(), ascending.end());
  sycl::half *x = sycl::malloc_shared<sycl::half>(encodings, q);
  sycl::half *y = sycl::malloc_shared<sycl::half>(encodings, q);
  sycl::half *next = sycl::malloc_shared<sycl::half>(encodings, q);
  sycl::half2 *next2 = sycl::malloc_shared<sycl::half2>(encodings, q);
  for (std::size_t i = 0; i < encodings; ++i) {
    x[i] = from_bits(std::uint16_t(i));
    y[i] = from_bits(std::uint16_t((i * 7919 + 12345) % encodings));
  }
  q.parallel_for(sycl::range<1>(encodings), [=](sycl::id<1> i) {
     next[i] = sycl::nextafter(x[i], y[i]);
     next2[i] = sycl::nextafter(sycl::half2(x[i], y[i]), sycl::half2(y[i], x[i]));
   }).wait();
  for (std::size_t i = 0; i < encodings; ++i) {
    check::equal("nextafter", long(i), same(bits_of(next[i]), next_half(x[i], y[i], ascending)), true);
    check::equal("vec nextafter", long(i), same(bits_of(next2[i][1]), next_half(y[i], x[i], ascending)), true);
  }
  check::equal("nextafter(1, 2)", 0, bits_of(sycl::nextafter(sycl::half(1), sycl::half(2))), 0x3C01);
  static_assert(std::is_same_v<decltype(sycl::nan(std::uint16_t(1))), sycl::half> &&
                std::is_same_v<decltype(sycl::nan(sycl::ushort4())), sycl::half4> &&
                std::is_same_v<decltype(sycl::nan(sycl::marray<unsigned short, 3>())), sycl::marray<sycl::half, 3>>);
  const sycl::half4 nans = sycl::nan(sycl::ushort4(0, 1, 2, 3));
  check::equal("nan(unsigned short)", 0, sycl::isnan(sycl::nan((unsigned short)5)), true);
  check::equal("nan(ushort4)", 0, sycl::isnan(nans[0]) && sycl::isnan(nans[3]), true);
  sycl::free(x, q);
  sycl::free(y, q);
  sycl::free(next, q);
  sycl::free(next2, q);
}

// vec<half, 4> in a kernel gives, lane by lane, what scalar half gives on the host.
void vectors(sycl::queue &q) {
  const std::size_t n = 256;
  sycl::half4 *in = sycl::malloc_shared<sycl::half4>(n, q);
  sycl::half4 *out = sycl::malloc_shared<sycl::half4>(2 * n, q);
  sycl::short4 *compared = sycl::malloc_shared<sycl::short4>(n, q);
  sycl::int4 *converted = sycl::malloc_shared<sycl::int4>(n, q);
  for (std::size_t i = 0; i < n; ++i)
    in[i] = sycl::half4(from_bits(std::uint16_t(i * 251)), from_bits(std::uint16_t(i * 97 + 3)), sycl::half(float(i) / 7),
                        sycl::half(-float(i)));
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     sycl::half4 v = in[i];
     out[2 * i] = v * v.wzyx() + sycl::half(1);
     out[2 * i + 1] = sycl::fmax(sycl::sqrt(sycl::fabs(v)), v / sycl::half(3));
     compared[i] = v < v.yxwz();
     converted[i] = v.convert<int, sycl::rounding_mode::rtn>();
   }).wait();
  for (std::size_t i = 0; i < n; ++i)
    for (int lane = 0; lane < 4; ++lane) {
      sycl::half v = in[i][lane], w = in[i][3 - lane], swapped = in[i][lane ^ 1];
      check::equal("vec arithmetic", long(4 * i + lane), same(bits_of(out[2 * i][lane]), bits_of(v * w + sycl::half(1))), true);
      sycl::half expected = sycl::fmax(sycl::sqrt(sycl::fabs(v)), v / sycl::half(3));
      check::equal("vec built-ins", long(4 * i + lane), same(bits_of(out[2 * i + 1][lane]), bits_of(expected)), true);
      check::equal("vec comparison", long(4 * i + lane), compared[i][lane], v < swapped ? -1 : 0);
      if (std::isfinite(float(v)) && std::fabs(float(v)) < 1e9f)
        check::equal("convert rtn", long(4 * i + lane), converted[i][lane], int(std::floor(float(v))));
    }
  sycl::marray<sycl::half, 3> m{1.0f, 4.0f, 2.25f};
  auto roots = sycl::sqrt(m);
  check::equal("marray", 0, float(roots[0]) + float(roots[1]) + float(roots[2]), 4.5f);
  check::equal("half2 alias", 0, sizeof(sycl::half2) + sizeof(sycl::half3), 4 + 8);
  // One element (a swizzle, vec<half, 1>) converts to the arithmetic types half converts to.
  sycl::vec<sycl::half, 2> pair{1.5f, -2.5f};
  int *elements = sycl::malloc_shared<int>(2, q);
  q.single_task([=] {
     int first = pair.x();
     double second = pair.swizzle<1>();
     elements[0] = first + static_cast<int>(sycl::vec<sycl::half, 1>(pair.y()));
     elements[1] = int(second * 2) + (pair.x() ? 100 : 0);
   }).wait();
  check::equal("one-element swizzle to int", 0, elements[0], 1 - 2);
  check::equal("one-element swizzle to double and bool", 1, elements[1], -5 + 100);
  float on_host = pair.y();
  check::equal("one-element swizzle to float", 0, on_host, -2.5f);
  sycl::free(elements, q);
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(compared, q);
  sycl::free(converted, q);
}

// The built-ins with pointer arguments, and the common, integer-result and bit-selecting ones, on
// half scalars (every encoding, against float's exact results rounded once) and on vec<half, 4>
// and marray<half, 4> (lane by lane against the scalar forms), with the explicit template forms
// of SYCL 2020 revision 8.
void pointer_and_common_builtins(sycl::queue &q) {
  static_assert(std::is_same_v<decltype(sycl::modf<sycl::half *>(sycl::half(), nullptr)), sycl::half>);
  static_assert(std::is_same_v<decltype(sycl::remquo<int *>(sycl::half(), sycl::half(), nullptr)), sycl::half>);
  static_assert(std::is_same_v<decltype(sycl::clamp<sycl::half>(sycl::half(), sycl::half(), sycl::half())), sycl::half>);
  static_assert(std::is_same_v<decltype(sycl::step<float, float>(0.0f, 1.0f)), float>);
  static_assert(std::is_same_v<decltype(sycl::dot<double, double>(1.0, 2.0)), double>);
  static_assert(std::is_same_v<decltype(sycl::fast_length<float>(1.0f)), float>);
  sycl::half *x = sycl::malloc_shared<sycl::half>(encodings, q);
  sycl::half *parts = sycl::malloc_shared<sycl::half>(5 * encodings, q);
  int *ints = sycl::malloc_shared<int>(3 * encodings, q);
  for (std::size_t i = 0; i < encodings; ++i) x[i] = from_bits(std::uint16_t(i));
  q.parallel_for(sycl::range<1>(encodings), [=](sycl::id<1> i) {
     const sycl::half v = x[i];
     sycl::multi_ptr<sycl::half, sycl::access::address_space::global_space, sycl::access::decorated::no> whole(parts + 5 * i + 1);
     parts[5 * i] = sycl::fract(v, whole);
     parts[5 * i + 2] = sycl::modf<sycl::half *>(v, parts + 5 * i + 3);
     parts[5 * i + 4] = sycl::remquo(v, sycl::half(1.5f), ints + 3 * i);
     sycl::frexp(v, ints + 3 * i + 1);
     ints[3 * i + 2] = sycl::ilogb(v);
   }).wait();
  const sycl::half largest_below_one = from_bits(0x3BFF);
  for (std::size_t i = 0; i < encodings; ++i) {
    const float v = float(x[i]);
    float integral;
    const float fraction = std::min(v - std::floor(v), 0x1.fffffep-1f);
    const std::uint16_t expected_fract =
        std::isinf(v) ? bits_of(sycl::half(std::copysign(0.0f, v))) : std::min(rounded(fraction), bits_of(largest_below_one));
    check::equal("fract(half)", long(i), same(bits_of(parts[5 * i]), std::isnan(v) ? bits_of(x[i]) : expected_fract), true);
    check::equal("fract(half) whole", long(i), same(bits_of(parts[5 * i + 1]), rounded(std::floor(v))), true);
    const float modf_fraction = std::modf(v, &integral);
    check::equal("modf(half)", long(i), same(bits_of(parts[5 * i + 2]), rounded(modf_fraction)), true);
    check::equal("modf(half) whole", long(i), same(bits_of(parts[5 * i + 3]), rounded(integral)), true);
    int quotient, exponent;
    const float remainder = std::remquo(v, 1.5f, &quotient);
    check::equal("remquo(half)", long(i), same(bits_of(parts[5 * i + 4]), rounded(remainder)), true);
    if (std::isfinite(v)) check::equal("remquo(half) quotient", long(i), ints[3 * i] & 0x7F, quotient & 0x7F);
    std::frexp(v, &exponent);
    if (std::isfinite(v)) check::equal("frexp(half) exponent", long(i), ints[3 * i + 1], exponent);
    check::equal("ilogb(half)", long(i), ints[3 * i + 2], std::ilogb(v));
  }
  check::equal("fract(half) below one", 0, bits_of(sycl::fract(from_bits(0x8001), parts)), 0x3BFF);

  // vec and marray forms agree with the scalar ones lane by lane.
  constexpr std::size_t n = 512;
  sycl::half4 *vecs = sycl::malloc_shared<sycl::half4>(8 * n, q);
  sycl::marray<sycl::half, 4> *marrays = sycl::malloc_shared<sycl::marray<sycl::half, 4>>(3 * n, q);
  sycl::int4 *vec_ints = sycl::malloc_shared<sycl::int4>(2 * n, q);
  for (std::size_t i = 0; i < n; ++i)
    vecs[8 * i] = sycl::half4(float(i) / 37 - 6, float(i % 13) / 4, -float(i) / 101, float(i % 7) - 3);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     const sycl::half4 v = vecs[8 * i];
     const sycl::half edge = sycl::half(0.25f);
     vecs[8 * i + 1] = sycl::clamp(v, sycl::half(-1), sycl::half(2));
     vecs[8 * i + 2] = sycl::mix(v, v.wzyx(), edge);
     vecs[8 * i + 3] = sycl::smoothstep(sycl::half(-2), sycl::half(2), v) + sycl::step(edge, v);
     vecs[8 * i + 4] = sycl::fract(v, &vecs[8 * i + 5]);
     vecs[8 * i + 6] = sycl::sincos(v, &vecs[8 * i + 7]);
     vec_ints[2 * i] = sycl::ilogb(v);
     sycl::frexp(v, &vec_ints[2 * i + 1]);
     const sycl::marray<sycl::half, 4> m{v[0], v[1], v[2], v[3]};
     marrays[3 * i] = sycl::fmax(m, edge);
     marrays[3 * i + 1] = sycl::bitselect(m, -m, sycl::marray<sycl::half, 4>(from_bits(0x8000)));
     marrays[3 * i + 2] = sycl::modf(m, &marrays[3 * i + 2]);
   }).wait();
  for (std::size_t i = 0; i < n; ++i)
    for (int lane = 0; lane < 4; ++lane) {
      const sycl::half v = vecs[8 * i][lane], w = vecs[8 * i][3 - lane], edge = sycl::half(0.25f);
      sycl::half whole, cosine, integral;
      const long at = long(4 * i + lane);
      check::equal("clamp(half4, half, half)", at, bits_of(vecs[8 * i + 1][lane]), bits_of(sycl::clamp(v, sycl::half(-1), sycl::half(2))));
      check::equal("mix(half4, half4, half)", at, bits_of(vecs[8 * i + 2][lane]), bits_of(sycl::mix(v, w, edge)));
      check::equal("smoothstep + step (half4)", at, bits_of(vecs[8 * i + 3][lane]),
                   bits_of(sycl::half(sycl::smoothstep(sycl::half(-2), sycl::half(2), v) + sycl::step(edge, v))));
      check::equal("fract(half4)", at, bits_of(vecs[8 * i + 4][lane]), bits_of(sycl::fract(v, &whole)));
      check::equal("fract(half4) whole", at, bits_of(vecs[8 * i + 5][lane]), bits_of(whole));
      check::equal("sincos(half4)", at, bits_of(vecs[8 * i + 6][lane]), bits_of(sycl::sincos(v, &cosine)));
      check::equal("sincos(half4) cos", at, bits_of(vecs[8 * i + 7][lane]), bits_of(cosine));
      int exponent;
      sycl::frexp(v, &exponent);
      check::equal("ilogb(half4)", at, vec_ints[2 * i][lane], sycl::ilogb(v));
      check::equal("frexp(half4) exponent", at, vec_ints[2 * i + 1][lane], exponent);
      check::equal("fmax(marray<half>, half)", at, bits_of(marrays[3 * i][lane]), bits_of(sycl::fmax(v, edge)));
      check::equal("bitselect(marray<half>) sign", at, bits_of(marrays[3 * i + 1][lane]), std::uint16_t(bits_of(v) ^ 0x8000));
      check::equal("modf(marray<half>)", at, bits_of(marrays[3 * i + 2][lane]), bits_of(sycl::modf(v, &integral)));
    }
  const sycl::half4 picked = sycl::select(sycl::half4(1), sycl::half4(2), sycl::short4(0, -1, 0, -1));
  check::equal("select(half4)", 0, float(picked[0]) + 10 * float(picked[1]), 21.0f);
  sycl::free(x, q);
  sycl::free(parts, q);
  sycl::free(ints, q);
  sycl::free(vecs, q);
  sycl::free(marrays, q);
  sycl::free(vec_ints, q);
}

// mix and smoothstep of half scalars, vecs and marrays, each operation of their formulas rounded
// to half (docs/sycl-cts.md, math_builtin_api), against the formulas written out with a rounding
// after every step.
sycl::half mix_reference(sycl::half x, sycl::half y, sycl::half a) {
  const sycl::half difference = sycl::half(float(y) - float(x));
  return sycl::half(float(x) + float(sycl::half(float(difference) * float(a))));
}
sycl::half smoothstep_reference(sycl::half edge0, sycl::half edge1, sycl::half x) {
  const sycl::half scaled = sycl::half(float(sycl::half(float(x) - float(edge0))) / float(sycl::half(float(edge1) - float(edge0))));
  const float t = std::clamp(float(scaled), 0.0f, 1.0f);
  const sycl::half square = sycl::half(t * t), tail = sycl::half(3.0f - float(sycl::half(2.0f * t)));
  return sycl::half(float(square) * float(tail));
}
void mix_and_smoothstep_round_each_operation(sycl::queue &q) {
  constexpr int n = 4000;
  sycl::half *values = sycl::malloc_shared<sycl::half>(7 * n, q);
  for (int i = 0; i < n; ++i) {
    values[i] = sycl::half(float(i % 61) / 17 - 5.3f);
    values[n + i] = sycl::half(float(i % 53) / 11 + 1.1f);
    values[2 * n + i] = sycl::half(float(i % 97) / 13 - 3.7f);
  }
  q.parallel_for(sycl::range<1>(n / 4), [=](sycl::id<1> id) {
     const int at = 4 * int(id[0]);
     sycl::marray<sycl::half, 4> low, high, x;
     for (int k = 0; k < 4; ++k) low[k] = values[at + k], high[k] = values[n + at + k], x[k] = values[2 * n + at + k];
     const sycl::half4 low4(low[0], low[1], low[2], low[3]), high4(high[0], high[1], high[2], high[3]),
         x4(x[0], x[1], x[2], x[3]);
     const sycl::marray<sycl::half, 4> mixed = sycl::mix(low, high, x), smooth = sycl::smoothstep(low, high, x);
     const sycl::half4 mixed4 = sycl::mix(low4, high4, x4), smooth4 = sycl::smoothstep(low4, high4, x4);
     for (int k = 0; k < 4; ++k) {
       values[3 * n + at + k] = mixed[k] == mixed4[k] ? mixed[k] : sycl::half(NAN);
       values[4 * n + at + k] = smooth[k] == smooth4[k] ? smooth[k] : sycl::half(NAN);
       values[5 * n + at + k] = sycl::mix(low[k], high[k], x[k]);
       values[6 * n + at + k] = sycl::smoothstep(low[k], high[k], x[k]);
     }
   }).wait();
  for (int i = 0; i < n; ++i) {
    const sycl::half low = values[i], high = values[n + i], x = values[2 * n + i];
    check::equal("mix(marray<half>, vec<half>)", i, bits_of(values[3 * n + i]), bits_of(mix_reference(low, high, x)));
    check::equal("smoothstep(marray<half>, vec<half>)", i, bits_of(values[4 * n + i]),
                 bits_of(smoothstep_reference(low, high, x)));
    check::equal("mix(half)", i, bits_of(values[5 * n + i]), bits_of(mix_reference(low, high, x)));
    check::equal("smoothstep(half)", i, bits_of(values[6 * n + i]), bits_of(smoothstep_reference(low, high, x)));
  }
  sycl::free(values, q);
}

// Group algorithms and reductions over half (SYCL 2020 4.17.4, 4.9.2): the known identities,
// reduce and scans over work-groups and sub-groups, joint_reduce, and sycl::reduction with a
// deduced identity. The values (small integers and halves) are exact in binary16.
void group_algorithms(sycl::queue &q) {
  static_assert(sycl::has_known_identity_v<sycl::plus<sycl::half>, sycl::half> &&
                sycl::known_identity_v<sycl::maximum<sycl::half>, sycl::half> == -std::numeric_limits<sycl::half>::infinity() &&
                sycl::known_identity_v<sycl::multiplies<sycl::half>, sycl::half> == sycl::half(1));
  constexpr std::size_t n = 64, wg = 16;
  sycl::half *in = sycl::malloc_shared<sycl::half>(n, q);
  sycl::half *out = sycl::malloc_shared<sycl::half>(n * 5, q);
  sycl::half *sum = sycl::malloc_shared<sycl::half>(1, q);
  for (std::size_t i = 0; i < n; ++i) in[i] = sycl::half(float(i % 16) / 2);
  *sum = sycl::half(0.5f);
  q.submit([&](sycl::handler &h) {
     h.parallel_for(sycl::nd_range<1>(n, wg), sycl::reduction(sum, sycl::plus<sycl::half>()),
                    [=](sycl::nd_item<1> it, auto &total) {
                      const std::size_t i = it.get_global_id(0);
                      auto g = it.get_group();
                      sycl::half x = in[i];
                      out[i] = sycl::reduce_over_group(g, x, sycl::plus<sycl::half>());
                      out[n + i] = sycl::reduce_over_group(it.get_sub_group(), x, sycl::maximum<sycl::half>());
                      out[2 * n + i] = sycl::inclusive_scan_over_group(g, x, sycl::plus<sycl::half>());
                      out[3 * n + i] = sycl::exclusive_scan_over_group(g, x, sycl::minimum<sycl::half>());
                      out[4 * n + i] = sycl::joint_reduce(g, in, in + n, sycl::half(1), sycl::plus<sycl::half>());
                      total += x;
                    });
   }).wait();
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t local = i % wg;
    check::equal("half reduce_over_group", long(i), float(out[i]), 60.0f);
    check::equal("half sub-group maximum", long(i), float(out[n + i]) <= 7.5f && float(out[n + i]) >= float(in[i]), true);
    check::equal("half inclusive scan", long(i), float(out[2 * n + i]), float(local * (local + 1)) / 4);
    check::equal("half exclusive scan", long(i), float(out[3 * n + i]), local == 0 ? INFINITY : 0.0f);
    check::equal("half joint_reduce", long(i), float(out[4 * n + i]), 241.0f);
  }
  check::equal("half reduction", 0, float(*sum), 240.5f);
  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(sum, q);
}

} // namespace

int main() {
  sycl::queue q;
  arithmetic_matches_binary16(q);
  conversions_and_types();
  limits_hash_and_streams(q.get_device());
  builtins(q);
  nextafter_and_nan(q);
  vectors(q);
  pointer_and_common_builtins(q);
  mix_and_smoothstep_round_each_operation(q);
  group_algorithms(q);
  return check::finish();
}
