// <sycl/ext/oneapi/dot_product.hpp>: DPC++'s sycl_ext_oneapi_dot_accumulate, the dot product of
// four 8-bit integers with four others, added to a 32-bit accumulator. The operands are
// vec<int8_t, 4> / vec<uint8_t, 4>, or four bytes packed in a 32-bit integer, byte i (from the
// least significant) being element i, signed in an int32_t and unsigned in a uint32_t. The sum
// wraps around modulo 2^32 as the hardware instructions do.
#pragma once

#include <cstdint>

#include "../../vec.hpp"

#define SYCL_EXT_ONEAPI_DOT_ACCUMULATE 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi {
namespace detail {
// Element `i` of a packed operand: its byte, signed for int32_t and unsigned for uint32_t.
inline std::int32_t packed_element(std::int32_t packed, int i) {
  return static_cast<std::int8_t>(static_cast<std::uint32_t>(packed) >> (8 * i));
}
inline std::int32_t packed_element(std::uint32_t packed, int i) {
  return static_cast<std::uint8_t>(packed >> (8 * i));
}
template <typename T> std::int32_t packed_element(const vec<T, 4> &v, int i) { return v[i]; }

template <typename A, typename B> std::int32_t dot_accumulate(const A &a, const B &b, std::int32_t c) {
  std::uint32_t sum = static_cast<std::uint32_t>(c);
  for (int i = 0; i < 4; ++i)
    sum += static_cast<std::uint32_t>(packed_element(a, i) * packed_element(b, i));
  return static_cast<std::int32_t>(sum);
}
} // namespace detail

inline std::int32_t dot_acc(std::int32_t a, std::int32_t b, std::int32_t c) { return detail::dot_accumulate(a, b, c); }
inline std::int32_t dot_acc(std::uint32_t a, std::uint32_t b, std::int32_t c) { return detail::dot_accumulate(a, b, c); }
inline std::int32_t dot_acc(std::int32_t a, std::uint32_t b, std::int32_t c) { return detail::dot_accumulate(a, b, c); }
inline std::int32_t dot_acc(std::uint32_t a, std::int32_t b, std::int32_t c) { return detail::dot_accumulate(a, b, c); }
inline std::int32_t dot_acc(vec<std::int8_t, 4> a, vec<std::int8_t, 4> b, std::int32_t c) {
  return detail::dot_accumulate(a, b, c);
}
inline std::int32_t dot_acc(vec<std::uint8_t, 4> a, vec<std::uint8_t, 4> b, std::int32_t c) {
  return detail::dot_accumulate(a, b, c);
}
inline std::int32_t dot_acc(vec<std::int8_t, 4> a, vec<std::uint8_t, 4> b, std::int32_t c) {
  return detail::dot_accumulate(a, b, c);
}
inline std::int32_t dot_acc(vec<std::uint8_t, 4> a, vec<std::int8_t, 4> b, std::int32_t c) {
  return detail::dot_accumulate(a, b, c);
}
} // namespace ext::oneapi
} // namespace _V1
} // namespace sycl
