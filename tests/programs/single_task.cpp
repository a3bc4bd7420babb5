// single_task runs its body once, serially, seeing the whole input.
#include <sycl/sycl.hpp>
#include "check.hpp"

int main() {
  sycl::queue q;
  const int n = 1000;
  long *values = sycl::malloc_shared<long>(n, q);
  long *result = sycl::malloc_shared<long>(2, q);
  for (int i = 0; i < n; ++i) values[i] = i * i - 3 * i;
  q.single_task([=] {
    long sum = 0, prefix_max = values[0];
    for (int i = 0; i < n; ++i) {
      sum += values[i];
      if (values[i] > prefix_max) prefix_max = values[i];
    }
    result[0] = sum;
    result[1] = prefix_max;
  }).wait();
  q.submit([&](sycl::handler &h) { h.single_task<class Twice>([=] { result[0] *= 2; }); });
  q.wait();
  long sum = 0, max = values[0];
  for (int i = 0; i < n; ++i) {
    sum += values[i];
    if (values[i] > max) max = values[i];
  }
  check::equal("sum", 0, result[0], 2 * sum);
  check::equal("max", 1, result[1], max);
  sycl::free(values, q);
  sycl::free(result, q);
  return check::finish();
}
