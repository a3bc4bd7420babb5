// <sycl/ext/oneapi/experimental/builtins.hpp>: sycl::ext::oneapi::experimental::printf (DPC++'s
// sycl_ext_oneapi_printf extension), formatted output from kernels. Work-items run on host
// threads here, so it is the C library's printf: each call prints at once, and the output of
// concurrent work-items interleaves call by call (sycl::stream orders whole lines instead).
#pragma once

#include <cstdio>

#include "../../../detail/defines.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

template <typename FormatT, typename... Args> int printf(const FormatT *format, Args... args) {
  return std::printf(format, args...);
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
