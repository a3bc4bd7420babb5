// Every work-item of ranges with awkward sizes runs exactly once: sizes 1, primes, a large
// prime, and 2-D/3-D shapes whose fastest dimension is small or odd. A kernel guarded by
// `if (i < limit)` reads and writes exactly the elements below the limit, whether a vector of
// work-items has all, some or none of its lanes below it.
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

void guarded(sycl::queue &q, size_t n, size_t limit) {
  float *x = sycl::malloc_shared<float>(n, q), *y = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; ++i) x[i] = float(i % 17), y[i] = float(i % 5);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     if (i[0] < limit) y[i] = 3.0f * x[i] + y[i];
   }).wait();
  for (size_t i = 0; i < n; ++i) {
    const float expected = i < limit ? 3.0f * float(i % 17) + float(i % 5) : float(i % 5);
    check::equal("guarded", i, y[i], expected);
  }
  sycl::free(x, q);
  sycl::free(y, q);
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
  for (size_t limit : {0, 1, 13, 1000, 4095, 4096}) guarded(q, 4096, limit);
  return check::finish();
}
