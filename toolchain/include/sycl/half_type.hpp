// sycl::half (SYCL 2020 section 4.14.1): the IEEE 754 binary16 type, stored as clang's _Float16
// in host and device code alike, so a half in a buffer, USM or a kernel argument has one layout.
//
// Arithmetic converts to float, operates and rounds back to half: float's 24-bit significand is
// more than twice half's 11 bits plus two, so +, -, *, / and sqrt rounded this way are exactly
// the correctly rounded half results (the ones native binary16 instructions give). The math
// built-ins (math.hpp) evaluate in float and round once.
//
// The operators are those of every 16-bit floating-point type (detail/float16_operators.hpp):
// half with half or an integer gives half, with float float and with double double.
// Conversions: implicitly from any arithmetic type (rounding to nearest even) and to float (and
// so to any arithmetic type through float).
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <limits>
#include <ostream>
#include <type_traits>

#include "detail/defines.hpp"
#include "detail/float16_operators.hpp"

namespace sycl {
inline namespace _V1 {
namespace detail::half_impl {

using detail::is_other_arithmetic_v;

class half : public float16_operators<half> {
public:
  half() = default;
  constexpr half(const half &) = default;
  constexpr half &operator=(const half &) = default;
  template <typename T, typename = std::enable_if_t<is_other_arithmetic_v<T>>>
  constexpr half(T value) : value_(static_cast<_Float16>(value)) {}
  // From the storage type, as the lanes of vec<half, N> hold it (vec.hpp).
  constexpr half(_Float16 value) : value_(value) {}

  constexpr operator float() const { return static_cast<float>(value_); }

  constexpr half operator-() const { return from_storage(-value_); }
  constexpr half operator+() const { return *this; }

  // The binary16 encoding.
  constexpr std::uint16_t bits() const { return __builtin_bit_cast(std::uint16_t, value_); }
  static constexpr half from_bits(std::uint16_t bits) { return from_storage(__builtin_bit_cast(_Float16, bits)); }

private:
  static constexpr half from_storage(_Float16 value) { return half(value); }
  _Float16 value_;
};

inline std::ostream &operator<<(std::ostream &out, half value) { return out << float(value); }
inline std::istream &operator>>(std::istream &in, half &value) {
  float read = 0.0f;
  in >> read;
  value = half(read);
  return in;
}

} // namespace detail::half_impl

using half = detail::half_impl::half;

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::half> {
  std::size_t operator()(sycl::half value) const noexcept { return std::hash<std::uint16_t>()(value.bits()); }
};

// IEEE 754 binary16: 11 significand bits, exponents -14..15.
template <> class std::numeric_limits<sycl::half> {
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
  static constexpr std::float_round_style round_style = std::round_to_nearest;
  static constexpr bool is_iec559 = true;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = 11;
  static constexpr int digits10 = 3;
  static constexpr int max_digits10 = 5;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -13;
  static constexpr int min_exponent10 = -4;
  static constexpr int max_exponent = 16;
  static constexpr int max_exponent10 = 4;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  static constexpr sycl::half min() noexcept { return sycl::half::from_bits(0x0400); }
  static constexpr sycl::half lowest() noexcept { return sycl::half::from_bits(0xFBFF); }
  static constexpr sycl::half max() noexcept { return sycl::half::from_bits(0x7BFF); }
  static constexpr sycl::half epsilon() noexcept { return sycl::half::from_bits(0x1400); }
  static constexpr sycl::half round_error() noexcept { return sycl::half::from_bits(0x3800); }
  static constexpr sycl::half infinity() noexcept { return sycl::half::from_bits(0x7C00); }
  static constexpr sycl::half quiet_NaN() noexcept { return sycl::half::from_bits(0x7E00); }
  static constexpr sycl::half signaling_NaN() noexcept { return sycl::half::from_bits(0x7D00); }
  static constexpr sycl::half denorm_min() noexcept { return sycl::half::from_bits(0x0001); }
};
