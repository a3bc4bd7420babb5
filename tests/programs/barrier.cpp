// A kernel that calls the SPIR-V work-group barrier: rejected with a clear error until barriers
// are supported.
#include <sycl/sycl.hpp>

extern "C++" void __spirv_ControlBarrier(unsigned execution, unsigned memory, unsigned semantics);

int main() {
  sycl::queue q;
  int *data = sycl::malloc_shared<int>(16, q);
  q.parallel_for<class UsesBarrier>(sycl::range<1>(16), [=](sycl::id<1> i) {
    data[i] = 1;
    __spirv_ControlBarrier(2, 2, 0x110);
    data[i] += data[(i[0] + 1) % 16];
  }).wait();
  return 0;
}
