// Two translation units: kernels in both, and a kernel submitted from a function defined in the
// other unit (two_tus_kernels.cpp).
#include <sycl/sycl.hpp>
#include "check.hpp"

void fill_squares(sycl::queue &q, long *data, size_t n);
void add_other(sycl::queue &q, long *data, size_t n);

int main() {
  sycl::queue q;
  const size_t n = 3001;
  long *data = sycl::malloc_shared<long>(n, q);
  fill_squares(q, data, n);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] += 1; }).wait();
  add_other(q, data, n);
  for (size_t i = 0; i < n; ++i) check::equal("data", i, data[i], long(i * i) + 1 + 5);
  sycl::free(data, q);
  return check::finish();
}
