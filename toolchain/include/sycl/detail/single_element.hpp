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
} // namespace detail
} // namespace _V1
} // namespace sycl
