// The second translation unit of two_tus_main.cpp.
#include <sycl/sycl.hpp>
#include "two_tus.hpp"

void fill_squares(sycl::queue &q, long *data, size_t n) {
  q.parallel_for<class FillSquares>(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] = long(i[0] * i[0]); }).wait();
}

void add_other(sycl::queue &q, long *data, size_t n) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] += 5; }).wait();
  scale_by(q, data, n, 3L);
}
