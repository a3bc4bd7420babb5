// The conversion of a 1-element vec, swizzle or marray to its element.
//
// It has to be a plain conversion function (a template conversion function only converts to
// exactly its own type, so `if (v1 < w1)` or `double d = f1;` would not compile), so the class
// declares `operator element_if_single<T, N>()`: for N == 1 that is T, otherwise a type that
// nothing asks to convert to, so the conversion never takes part.
#pragma once

#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace detail {
struct no_element_conversion {
  explicit no_element_conversion() = default;
};
template <typename T, auto N> using element_if_single = std::conditional_t<N == 1, T, no_element_conversion>;

// Whether one element of a class type (half, bfloat16) also converts to the arithmetic type
// `Target` it converts to, through a conversion function template: through the element alone
// that would be two user-defined conversions (`int i = h.x();`).
template <typename Element, typename Target, auto N>
inline constexpr bool converts_through_element = N == 1 && std::is_arithmetic_v<Target> &&
                                                 !std::is_arithmetic_v<Element> &&
                                                 std::is_convertible_v<Element, Target>;
} // namespace detail
} // namespace _V1
} // namespace sycl
