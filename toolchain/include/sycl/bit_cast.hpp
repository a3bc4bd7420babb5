// sycl::bit_cast (SYCL 2020 section 4.17.1): the object representation of `from` as a `To`.
#pragma once

#include <type_traits>

#include "detail/defines.hpp"

namespace sycl {
inline namespace _V1 {

template <typename To, typename From,
          typename = std::enable_if_t<sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<To> &&
                                      std::is_trivially_copyable_v<From>>>
constexpr To bit_cast(const From &from) noexcept {
  return __builtin_bit_cast(To, from);
}

} // namespace _V1
} // namespace sycl
