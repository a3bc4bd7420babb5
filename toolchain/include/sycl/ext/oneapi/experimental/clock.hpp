// sycl::ext::oneapi::experimental::clock (DPC++'s sycl_ext_oneapi_clock): a work-item reads a
// counter that increases with time, shared by its sub-group, work-group or the whole device.
//
// Every work-item of this device runs on a core of one CPU, whose time-stamp counter (x86's
// invariant TSC, AArch64's virtual counter) runs at one rate on every core and is the same
// counter for all three scopes: the device has the three aspects. Kernels only; on the host,
// clock() throws errc::runtime, as DPC++'s does.
#pragma once

#include <cstdint>

#include "../../../detail/defines.hpp"
#include "../../../exception.hpp"

#define SYCL_EXT_ONEAPI_CLOCK 1

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

enum class clock_scope : int { device = 1, work_group = 2, sub_group = 3 };

template <clock_scope Scope> std::uint64_t clock() {
#ifdef __SYCL_DEVICE_ONLY__
#if defined(__x86_64__) || defined(__i386__)
  return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
  return __builtin_arm_rsr64("cntvct_el0");
#else
  return __builtin_readcyclecounter();
#endif
#else
  sycl::detail::throw_error(errc::runtime, "sycl::ext::oneapi::experimental::clock() runs in kernels only");
#endif
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
