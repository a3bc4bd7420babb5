// sycl::ext::oneapi::bfloat16 (the oneAPI extension sycl_ext_oneapi_bfloat16) and the bfloat16
// math functions of sycl_ext_oneapi_bfloat16_math_functions.
//
// Storage is the upper 16 bits of a float: 1 sign bit, 8 exponent bits, 7 significand bits.
// Conversion from float rounds to nearest even in integer arithmetic, so host and device code
// give the same bits on every CPU (no dependence on a BF16 instruction or a runtime library);
// a NaN stays a NaN (quiet). The operators are sycl::half's (detail/float16_operators.hpp):
// arithmetic in float rounded once, bfloat16 with an integer gives bfloat16, with float or
// double the wider type; every comparison is the float comparison.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <type_traits>

#include "../../detail/defines.hpp"
#include "../../detail/float16_operators.hpp"
#include "../../half_type.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi {

class bfloat16;

namespace detail {
// The bfloat16 bits nearest to `value` (ties to even); NaNs become quiet NaNs of the same sign.
constexpr std::uint16_t bits_from_float(float value) {
  std::uint32_t bits = __builtin_bit_cast(std::uint32_t, value);
  if ((bits & 0x7fffffffu) > 0x7f800000u) return static_cast<std::uint16_t>((bits >> 16) | 0x0040u);
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<std::uint16_t>(bits >> 16);
}
} // namespace detail

class bfloat16 : public sycl::detail::float16_operators<bfloat16> {
public:
  bfloat16() = default;
  constexpr bfloat16(const bfloat16 &) = default;
  constexpr bfloat16 &operator=(const bfloat16 &) = default;
  constexpr bfloat16(float value) : bits_(detail::bits_from_float(value)) {}
  template <typename T, typename = std::enable_if_t<sycl::detail::is_other_arithmetic_v<T> && !std::is_same_v<T, float>>>
  constexpr bfloat16(T value) : bfloat16(static_cast<float>(value)) {}
  bfloat16(const sycl::half &value) : bfloat16(static_cast<float>(value)) {}

  constexpr operator float() const { return __builtin_bit_cast(float, static_cast<std::uint32_t>(bits_) << 16); }
  // Implicit, as the extension declares it; the mixed operators below keep bfloat16 op half
  // from being ambiguous between the two types' own operators.
  operator sycl::half() const { return sycl::half(static_cast<float>(*this)); }
  explicit constexpr operator bool() const { return (bits_ & 0x7fffu) != 0; }

  // The encoding, and the value of an encoding (not part of the extension's interface).
  constexpr std::uint16_t bits() const { return bits_; }
  static constexpr bfloat16 from_bits(std::uint16_t bits) {
    bfloat16 value;
    value.bits_ = bits;
    return value;
  }

  constexpr bfloat16 operator-() const { return from_bits(static_cast<std::uint16_t>(bits_ ^ 0x8000u)); }
  constexpr bfloat16 operator+() const { return *this; }

  // With a half: computed in float, a bfloat16 result (as before half converted implicitly).
#define NCPU_BFLOAT16_HALF_ARITHMETIC(op)                                                           \
  friend bfloat16 operator op(bfloat16 a, sycl::half b) { return bfloat16(float(a) op float(b)); }  \
  friend bfloat16 operator op(sycl::half a, bfloat16 b) { return bfloat16(float(a) op float(b)); }
#define NCPU_BFLOAT16_HALF_COMPARISON(op)                                                           \
  friend bool operator op(bfloat16 a, sycl::half b) { return float(a) op float(b); }                \
  friend bool operator op(sycl::half a, bfloat16 b) { return float(a) op float(b); }
  NCPU_BFLOAT16_HALF_ARITHMETIC(+)
  NCPU_BFLOAT16_HALF_ARITHMETIC(-)
  NCPU_BFLOAT16_HALF_ARITHMETIC(*)
  NCPU_BFLOAT16_HALF_ARITHMETIC(/)
  NCPU_BFLOAT16_HALF_COMPARISON(==)
  NCPU_BFLOAT16_HALF_COMPARISON(!=)
  NCPU_BFLOAT16_HALF_COMPARISON(<)
  NCPU_BFLOAT16_HALF_COMPARISON(>)
  NCPU_BFLOAT16_HALF_COMPARISON(<=)
  NCPU_BFLOAT16_HALF_COMPARISON(>=)
#undef NCPU_BFLOAT16_HALF_ARITHMETIC
#undef NCPU_BFLOAT16_HALF_COMPARISON

private:
  std::uint16_t bits_;
};

static_assert(sizeof(bfloat16) == 2 && std::is_trivially_copyable_v<bfloat16>, "bfloat16 is 16 bits");

// ---- sycl_ext_oneapi_bfloat16_math_functions: evaluated in float, rounded once ----------------
namespace experimental {
inline bool isnan(bfloat16 x) { return (x.bits() & 0x7fffu) > 0x7f80u; }
inline bfloat16 fabs(bfloat16 x) { return bfloat16::from_bits(static_cast<std::uint16_t>(x.bits() & 0x7fffu)); }
// A NaN operand gives the other operand, as fmin/fmax do.
inline bfloat16 fmin(bfloat16 a, bfloat16 b) { return bfloat16(__builtin_fminf(float(a), float(b))); }
inline bfloat16 fmax(bfloat16 a, bfloat16 b) { return bfloat16(__builtin_fmaxf(float(a), float(b))); }
// Evaluated in double, where the product is exact; the sum is rounded to double, then float,
// then bfloat16, which in rare halfway cases can differ from one rounding of the exact result.
inline bfloat16 fma(bfloat16 a, bfloat16 b, bfloat16 c) {
  return bfloat16(static_cast<float>(static_cast<double>(float(a)) * float(b) + float(c)));
}
#define NCPU_BFLOAT16_UNARY(name, builtin)                                                          \
  inline bfloat16 name(bfloat16 x) { return bfloat16(builtin(float(x))); }
NCPU_BFLOAT16_UNARY(sqrt, __builtin_sqrtf)
NCPU_BFLOAT16_UNARY(ceil, __builtin_ceilf)
NCPU_BFLOAT16_UNARY(floor, __builtin_floorf)
NCPU_BFLOAT16_UNARY(rint, __builtin_rintf)
NCPU_BFLOAT16_UNARY(trunc, __builtin_truncf)
NCPU_BFLOAT16_UNARY(exp, __builtin_expf)
NCPU_BFLOAT16_UNARY(exp2, __builtin_exp2f)
NCPU_BFLOAT16_UNARY(log, __builtin_logf)
NCPU_BFLOAT16_UNARY(log2, __builtin_log2f)
NCPU_BFLOAT16_UNARY(log10, __builtin_log10f)
NCPU_BFLOAT16_UNARY(sin, __builtin_sinf)
NCPU_BFLOAT16_UNARY(cos, __builtin_cosf)
#undef NCPU_BFLOAT16_UNARY
inline bfloat16 exp10(bfloat16 x) { return bfloat16(__builtin_powf(10.0f, float(x))); }
inline bfloat16 rsqrt(bfloat16 x) { return bfloat16(1.0f / __builtin_sqrtf(float(x))); }
} // namespace experimental

} // namespace ext::oneapi
} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::ext::oneapi::bfloat16> {
  std::size_t operator()(sycl::ext::oneapi::bfloat16 value) const noexcept {
    return std::hash<std::uint16_t>()(value.bits());
  }
};

template <> class std::numeric_limits<sycl::ext::oneapi::bfloat16> {
  using bfloat16 = sycl::ext::oneapi::bfloat16;

public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr std::float_denorm_style has_denorm = std::denorm_present;
  static constexpr bool has_denorm_loss = false;
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;
  static constexpr std::float_round_style round_style = std::round_to_nearest;
  static constexpr int digits = 8;
  static constexpr int digits10 = 2;
  static constexpr int max_digits10 = 4;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -125;
  static constexpr int min_exponent10 = -37;
  static constexpr int max_exponent = 128;
  static constexpr int max_exponent10 = 38;
  static constexpr bfloat16 min() noexcept { return bfloat16::from_bits(0x0080); }
  static constexpr bfloat16 lowest() noexcept { return bfloat16::from_bits(0xff7f); }
  static constexpr bfloat16 max() noexcept { return bfloat16::from_bits(0x7f7f); }
  static constexpr bfloat16 epsilon() noexcept { return bfloat16::from_bits(0x3c00); }
  static constexpr bfloat16 round_error() noexcept { return bfloat16::from_bits(0x3f00); }
  static constexpr bfloat16 infinity() noexcept { return bfloat16::from_bits(0x7f80); }
  static constexpr bfloat16 quiet_NaN() noexcept { return bfloat16::from_bits(0x7fc0); }
  static constexpr bfloat16 signaling_NaN() noexcept { return bfloat16::from_bits(0x7fa0); }
  static constexpr bfloat16 denorm_min() noexcept { return bfloat16::from_bits(0x0001); }
};
