// id/range arithmetic in kernels and on the host: element-wise operators, integer scalars on
// either side (no ambiguity with id<1>'s conversion to size_t), compound assignment.
#include <sycl/sycl.hpp>
#include "check.hpp"

int main() {
  sycl::queue q;
  const size_t n = 100;
  size_t *d = sycl::malloc_shared<size_t>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
    d[i] = (i % 7) + (i * 2u)[0] + (3 + i)[0] - (i / 2)[0];
  }).wait();
  for (size_t i = 0; i < n; ++i) check::equal("1-D", i, d[i], (i % 7) + i * 2 + 3 + i - i / 2);

  sycl::id<2> a(1, 2);
  a += 3;
  a *= a;
  sycl::range<2> r = sycl::range<2>(2, 3) * 2;
  check::equal("id compound", 0, a[0], 16u);
  check::equal("id compound", 1, a[1], 25u);
  check::equal("range scale", 0, r[1], 6u);
  check::equal("range size", 1, r.size(), 24u);
  sycl::free(d, q);
  return check::finish();
}
