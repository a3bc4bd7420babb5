// Named kernels (a class name, a struct declared in a namespace, a template) and unnamed lambda
// kernels in one program, submitted through handler and queue shortcuts.
#include <sycl/sycl.hpp>
#include "check.hpp"

namespace kernels { struct Scale; }
template <typename T> class Offset;

int main() {
  sycl::queue q;
  const size_t n = 4099;
  int *data = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] = static_cast<int>(i[0]); }).wait();
  q.submit([&](sycl::handler &h) { h.parallel_for<kernels::Scale>(sycl::range<1>(n), [=](sycl::item<1> it) { data[it] *= 3; }); }).wait();
  q.parallel_for<Offset<int>>(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] += 7; }).wait();
  q.submit([&](sycl::handler &h) { h.parallel_for(n, [=](sycl::id<1> i) { data[i] -= 1; }); });
  q.wait();
  for (size_t i = 0; i < n; ++i) check::equal("data", i, data[i], int(i) * 3 + 6);
  sycl::free(data, q);
  return check::finish();
}
