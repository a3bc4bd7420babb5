// Named kernels (a class name, a struct declared in a namespace, a template, a fundamental type
// and an enumeration, which SYCL 2020 allows as names) and unnamed lambda kernels in one
// program, submitted through handler and queue shortcuts.
#include <sycl/sycl.hpp>
#include "check.hpp"

namespace kernels { struct Scale; }
template <typename T> class Offset;
enum class Steps { one };

int main() {
  sycl::queue q;
  const size_t n = 4099;
  int *data = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] = static_cast<int>(i[0]); }).wait();
  q.submit([&](sycl::handler &h) { h.parallel_for<kernels::Scale>(sycl::range<1>(n), [=](sycl::item<1> it) { data[it] *= 3; }); }).wait();
  q.parallel_for<Offset<int>>(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] += 7; }).wait();
  q.submit([&](sycl::handler &h) { h.parallel_for(n, [=](sycl::id<1> i) { data[i] -= 1; }); });
  q.wait();
  q.parallel_for<bool>(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] *= 2; }).wait();
  q.single_task<Steps>([=] { data[0] += 1; }).wait();
  for (size_t i = 0; i < n; ++i) check::equal("data", i, data[i], (int(i) * 3 + 6) * 2 + (i == 0 ? 1 : 0));
  sycl::free(data, q);
  return check::finish();
}
