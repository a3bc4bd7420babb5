// sycl::backend (SYCL 2020 section 4.1): native_cpu is this device's; the others name DPC++'s
// backends, which programs compare against (no device here has them).
#pragma once

#include "detail/defines.hpp"

namespace sycl {
inline namespace _V1 {

enum class backend { native_cpu, opencl, ext_oneapi_level_zero, ext_oneapi_cuda, ext_oneapi_hip, all };

} // namespace _V1
} // namespace sycl
