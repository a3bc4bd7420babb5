// A kernel that calls a device-wide SPIR-V control barrier: SYCL kernels synchronise at most their
// work-group, so the compiler rejects it with a clear error.
#include <sycl/sycl.hpp>

extern "C++" void __spirv_ControlBarrier(unsigned execution, unsigned memory, unsigned semantics);

int main() {
  sycl::queue q;
  int *data = sycl::malloc_shared<int>(16, q);
  q.parallel_for<class UsesBarrier>(sycl::range<1>(16), [=](sycl::id<1> i) {
    data[i] = 1;
    __spirv_ControlBarrier(1, 1, 0x110);
    data[i] += data[(i[0] + 1) % 16];
  }).wait();
  return 0;
}
