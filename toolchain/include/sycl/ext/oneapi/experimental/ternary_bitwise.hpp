// <sycl/ext/oneapi/experimental/ternary_bitwise.hpp>: DPC++'s sycl_ext_oneapi_ternary_bitwise,
// any bitwise function of three operands given by its truth table: bit i of LUTIndex is the
// result for the operand bits (a, b, c) with i = a << 2 | b << 1 | c (the table AVX-512's
// vpternlog takes; LLVM selects it where the target has it). For integers, and vecs and marrays
// of them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../../../detail/gentypes.hpp"

#define SYCL_EXT_ONEAPI_TERNARY_BITWISE 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {
// The union of the truth table's minterms, each the and of the operands or their complements.
template <std::uint8_t LUTIndex, typename T, typename = std::enable_if_t<sycl::detail::is_geninteger_v<T>>>
T ternary_bitwise(T a, T b, T c) {
  const T not_a = static_cast<T>(~a), not_b = static_cast<T>(~b), not_c = static_cast<T>(~c);
  T result = static_cast<T>(a ^ a);
  for (int row = 0; row < 8; ++row)
    if ((LUTIndex >> row) & 1)
      result = static_cast<T>(result | static_cast<T>(static_cast<T>((row & 4 ? a : not_a) & (row & 2 ? b : not_b)) &
                                                      (row & 1 ? c : not_c)));
  return result;
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
