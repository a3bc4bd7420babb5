// 1-, 2- and 3-D ranges: every item sees its id, the range and its linear id, and row-major
// linearisation matches the host's.
#include <sycl/sycl.hpp>
#include "check.hpp"

int main() {
  sycl::queue q;
  const size_t a = 5, b = 7, c = 9;
  size_t *lin1 = sycl::malloc_shared<size_t>(a, q);
  size_t *lin2 = sycl::malloc_shared<size_t>(a * b, q);
  size_t *lin3 = sycl::malloc_shared<size_t>(a * b * c, q);
  size_t *ranges = sycl::malloc_shared<size_t>(a * b * c * 3, q);
  q.parallel_for(sycl::range<1>(a), [=](sycl::item<1> it) { lin1[it.get_linear_id()] = it[0] * 10 + it.get_range(0); });
  q.parallel_for(sycl::range<2>(a, b), [=](sycl::item<2> it) {
    lin2[it[0] * b + it[1]] = it.get_linear_id() + 1000 * it.get_range(1);
  });
  q.parallel_for(sycl::range<3>(a, b, c), [=](sycl::item<3> it) {
    size_t linear = (it[0] * b + it[1]) * c + it[2];
    lin3[linear] = it.get_linear_id();
    ranges[linear * 3 + 0] = it.get_range(0);
    ranges[linear * 3 + 1] = it.get_range(1);
    ranges[linear * 3 + 2] = it.get_range(2);
  });
  q.wait();
  for (size_t i = 0; i < a; ++i) check::equal("1-D", i, lin1[i], i * 10 + a);
  for (size_t i = 0; i < a * b; ++i) check::equal("2-D", i, lin2[i], i + 1000 * b);
  for (size_t i = 0; i < a * b * c; ++i) {
    check::equal("3-D", i, lin3[i], i);
    check::equal("3-D range 0", i, ranges[i * 3], a);
    check::equal("3-D range 1", i, ranges[i * 3 + 1], b);
    check::equal("3-D range 2", i, ranges[i * 3 + 2], c);
  }
  sycl::free(lin1, q);
  sycl::free(lin2, q);
  sycl::free(lin3, q);
  sycl::free(ranges, q);
  return check::finish();
}
