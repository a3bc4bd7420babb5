// sycl::ext::oneapi::bfloat16: every one of the 65,536 encodings converted to float and back,
// and through sqrt, +, -, * and / (each with 16 second operands covering zeros, subnormals,
// normals, the largest value, infinities and NaN), computed in a kernel and compared bit for bit
// with a host reference that rounds the exact double result to bfloat16 independently of the
// header (frexp and nearbyint rather than integer rounding of float bits). Also float
// conversions at and around halfway points, mixed arithmetic types, and numeric_limits.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <cfenv>
#include <cmath>
#include <cstring>
#include <vector>

using sycl::ext::oneapi::bfloat16;

// The bfloat16 encoding nearest to x (ties to even), from its value alone.
uint16_t reference_bits(double x) {
  if (std::isnan(x)) return 0x7fc0;
  if (std::isinf(x)) return x > 0 ? 0x7f80 : 0xff80;
  const double smallest_normal = std::ldexp(1.0, -126);
  double rounded;
  if (std::fabs(x) < smallest_normal) {
    const double quantum = std::ldexp(1.0, -133);
    rounded = std::nearbyint(x / quantum) * quantum;
  } else {
    int exponent;
    const double significand = std::frexp(x, &exponent);
    rounded = std::ldexp(std::nearbyint(std::ldexp(significand, 8)), exponent - 8);
  }
  if (std::fabs(rounded) > std::ldexp(255.0, 127 - 7)) return x > 0 ? 0x7f80 : 0xff80;
  float exact = static_cast<float>(rounded);
  uint32_t bits;
  std::memcpy(&bits, &exact, 4);
  if (rounded == 0 && std::signbit(x)) bits |= 0x80000000u;
  return static_cast<uint16_t>(bits >> 16);
}

double value_of(uint16_t bits) {
  uint32_t wide = uint32_t(bits) << 16;
  float f;
  std::memcpy(&f, &wide, 4);
  return f;
}

bool is_nan_bits(uint16_t bits) { return (bits & 0x7fff) > 0x7f80; }

void same_bits(const char *what, long at, uint16_t got, uint16_t expected) {
  if (is_nan_bits(expected)) {
    check::equal(what, at, is_nan_bits(got), true);
  } else {
    check::equal(what, at, got, expected);
  }
}

constexpr uint16_t kSecond[16] = {0x0000, 0x8000, 0x0001, 0x807f, 0x0080, 0x3f80, 0xbf80, 0x4049,
                                  0x3eab, 0xc2c8, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0x1234};

int main() {
  std::fesetround(FE_TONEAREST);
  sycl::queue q;
  constexpr size_t kAll = 65536, kOps = 4;
  uint16_t *round_trip = sycl::malloc_shared<uint16_t>(kAll, q);
  uint16_t *roots = sycl::malloc_shared<uint16_t>(kAll, q);
  uint16_t *results = sycl::malloc_shared<uint16_t>(kAll * 16 * kOps, q);
  q.parallel_for(sycl::range<1>(kAll), [=](sycl::id<1> i) {
     const bfloat16 a = bfloat16::from_bits(uint16_t(i[0]));
     round_trip[i] = bfloat16(float(a)).bits();
     roots[i] = sycl::ext::oneapi::experimental::sqrt(a).bits();
     for (int k = 0; k < 16; ++k) {
       const bfloat16 b = bfloat16::from_bits(kSecond[k]);
       uint16_t *r = results + (i[0] * 16 + k) * kOps;
       r[0] = (a + b).bits();
       r[1] = (a - b).bits();
       r[2] = (a * b).bits();
       r[3] = (a / b).bits();
     }
   }).wait();

  for (size_t i = 0; i < kAll; ++i) {
    const uint16_t bits = uint16_t(i);
    const double a = value_of(bits);
    if (is_nan_bits(bits))
      check::equal("NaN stays NaN", long(i), is_nan_bits(round_trip[i]), true);
    else
      check::equal("float round trip", long(i), round_trip[i], bits);
    same_bits("sqrt", long(i), roots[i], reference_bits(std::sqrt(a)));
    for (int k = 0; k < 16; ++k) {
      const double b = value_of(kSecond[k]);
      const uint16_t *r = results + (i * 16 + k) * kOps;
      const long at = long(i * 16 + k);
      same_bits("+", at, r[0], reference_bits(a + b));
      same_bits("-", at, r[1], reference_bits(a - b));
      same_bits("*", at, r[2], reference_bits(a * b));
      same_bits("/", at, r[3], reference_bits(a / b));
    }
  }

  // Floats at, just below and just above every 4096th halfway point between bfloat16 values.
  for (uint32_t upper = 0; upper < 0x7f80; upper += 16) {
    const uint32_t halfway = (upper << 16) | 0x8000u;
    for (uint32_t bits : {halfway - 1, halfway, halfway + 1}) {
      float f;
      std::memcpy(&f, &bits, 4);
      same_bits("float to bfloat16", long(bits), bfloat16(f).bits(), reference_bits(f));
    }
  }

  // Mixed arithmetic: integers give bfloat16, float and double the wider type.
  const bfloat16 x = 2.5f;
  static_assert(std::is_same_v<decltype(x + 1), bfloat16>);
  static_assert(std::is_same_v<decltype(x * 1.0f), float>);
  static_assert(std::is_same_v<decltype(2.0 - x), double>);
  check::equal("bfloat16 + int", 0, float(x + 1), 3.5f);
  check::equal("compound", 0, [] { bfloat16 y = 1.0f; y *= 3; y -= bfloat16(0.5f); return float(y); }(), 2.5f);
  check::equal("comparison", 0, x > 2 && x == 2.5 && !(x < bfloat16(1.0f)), true);
  static_assert(std::is_convertible_v<bfloat16, sycl::half> && std::is_same_v<decltype(x + sycl::half(1)), bfloat16>);
  const sycl::half from_bfloat16 = x;
  check::equal("with half", 0,
               float(from_bfloat16) == 2.5f && x == sycl::half(2.5f) && sycl::half(3) > x && float(x * sycl::half(2)) == 5.0f,
               true);
  check::equal("comparison with bool", 0, bfloat16(1.0f) == true && x != true && false < x && !(x <= false), true);
  check::equal("negation", 0, (-x).bits(), uint16_t(x.bits() ^ 0x8000));
  using limits = std::numeric_limits<bfloat16>;
  check::equal("max", 0, float(limits::max()), 0x1.fep127f);
  check::equal("epsilon", 0, float(limits::epsilon()), 0x1p-7f);
  check::equal("min", 0, float(limits::min()), 0x1p-126f);
  check::equal("aspect", 0, q.get_device().has(sycl::aspect::ext_oneapi_bfloat16_math_functions), true);
  sycl::free(round_trip, q);
  sycl::free(roots, q);
  sycl::free(results, q);
  return check::finish();
}
