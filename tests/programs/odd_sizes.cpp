// Every work-item of ranges with awkward sizes runs exactly once: sizes 1, primes, a large
// prime, and 2-D/3-D shapes whose fastest dimension is small or odd.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <vector>

template <int Dims> void run(sycl::queue &q, sycl::range<Dims> r, const char *what) {
  const size_t n = r.size();
  int *hits = sycl::malloc_shared<int>(n, q);
  q.memset(hits, 0, n * sizeof(int)).wait();
  q.parallel_for(r, [=](sycl::item<Dims> it) { hits[it.get_linear_id()] += 1; }).wait();
  for (size_t i = 0; i < n; ++i) check::equal(what, i, hits[i], 1);
  sycl::free(hits, q);
}

int main() {
  sycl::queue q;
  run(q, sycl::range<1>(1), "1");
  run(q, sycl::range<1>(7), "7");
  run(q, sycl::range<1>(4097), "4097");
  run(q, sycl::range<1>(1000003), "1000003");
  run(q, sycl::range<2>(1023, 3), "1023x3");
  run(q, sycl::range<2>(3, 1023), "3x1023");
  run(q, sycl::range<3>(3, 5, 7), "3x5x7");
  run(q, sycl::range<3>(17, 1, 129), "17x1x129");
  return check::finish();
}
