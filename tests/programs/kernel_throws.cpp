// A kernel that throws: SYCL kernels cannot use exceptions, so ncpu++ refuses it at compile
// time, naming the kernel and the call chain to the throw (docs/kernel-features.md).
#include <sycl/sycl.hpp>

#include <stdexcept>

int checked(int x) {
  if (x > 5) throw std::out_of_range("x is too big");
  return x;
}

int main() {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(16, q);
  q.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { p[i] = checked(int(i[0])); }).wait();
  sycl::free(p, q);
}
