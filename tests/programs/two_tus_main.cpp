// Two translation units: kernels in both, and a kernel submitted from a function defined in the
// other unit (two_tus_kernels.cpp), and a template kernel both units define (two_tus.hpp).
#include <sycl/sycl.hpp>
#include "check.hpp"
#include "two_tus.hpp"

void fill_squares(sycl::queue &q, long *data, size_t n);
void add_other(sycl::queue &q, long *data, size_t n);

int main() {
  sycl::queue q;
  const size_t n = 3001;
  long *data = sycl::malloc_shared<long>(n, q);
  fill_squares(q, data, n);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] += 1; }).wait();
  add_other(q, data, n);
  scale_by(q, data, n, 2L);
  for (size_t i = 0; i < n; ++i) check::equal("data", i, data[i], (long(i * i) + 1 + 5) * 3 * 2);
  sycl::free(data, q);
  return check::finish();
}
