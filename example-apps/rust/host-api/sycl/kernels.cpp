// SYCL kernels with C-like parameter lists, for launching from Rust: free functions made kernels
// by [[clang::sycl_kernel_entry_point]], whose parameters are the kernel's arguments.
#include <sycl/sycl.hpp>

// A pointer into work-group local memory in the device compilation; a plain pointer on the host,
// where the body is not compiled.
#ifdef __SYCL_DEVICE_ONLY__
#define WORK_GROUP_LOCAL __attribute__((opencl_local))
#else
#define WORK_GROUP_LOCAL
#endif

namespace kernels {
class saxpy;
class reverse_groups;
} // namespace kernels

// y[i] += a * x[i] over a range.
[[clang::sycl_kernel_entry_point(kernels::saxpy)]] void saxpy(float a, const float *x, float *y, std::size_t n) {
#ifdef __SYCL_DEVICE_ONLY__
  std::size_t i = __spirv_BuiltInGlobalInvocationId(0);
  if (i < n) y[i] += a * x[i];
#else
  (void)a, (void)x, (void)y, (void)n;
#endif
}

// Each work-group's elements reversed, through local memory and a barrier.
[[clang::sycl_kernel_entry_point(kernels::reverse_groups)]] void reverse_groups(const int *in, int *out,
                                                                                  WORK_GROUP_LOCAL int *scratch) {
#ifdef __SYCL_DEVICE_ONLY__
  std::size_t global = __spirv_BuiltInGlobalInvocationId(0);
  std::size_t local = __spirv_BuiltInLocalInvocationId(0);
  std::size_t size = __spirv_BuiltInWorkgroupSize(0);
  scratch[local] = in[global];
  __spirv_ControlBarrier(2, 2, 0x110);
  out[global] = scratch[size - 1 - local];
#else
  (void)in, (void)out, (void)scratch;
#endif
}
