// <sycl/ext/oneapi/experimental/auto_local_range.hpp>: auto_range (DPC++'s
// sycl_ext_oneapi_auto_local_range), the local range of an nd_range whose work-group size the
// implementation chooses. It is all zero, a local range that means nothing else in SYCL 2020;
// launches replace it with a size of their choice (detail::with_chosen_local_range,
// detail/kernel_command.hpp).
#pragma once

#include "../../../range.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

template <int Dimensions> static inline range<Dimensions> auto_range() {
  static_assert(Dimensions >= 1 && Dimensions <= 3, "auto_range has 1 to 3 dimensions");
  return range<Dimensions>();
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
