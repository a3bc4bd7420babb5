// Code written for other implementations: the SYCL 1.2.1 path <CL/sycl.hpp> with cl::sycl names,
// and DPC++'s fine-grained headers, compile and run.
#include <CL/sycl.hpp>
#include <sycl/builtins.hpp>
#include <sycl/detail/core.hpp>
#include <sycl/group_barrier.hpp>
#include <sycl/kernel_handler.hpp>
#include <sycl/reduction.hpp>
#include <sycl/specialization_id.hpp>
#include <sycl/usm.hpp>
#include <sycl/vector.hpp>

#include "check.hpp"

int main() {
  cl::sycl::queue q;
  const size_t n = 1000;
  int *data = cl::sycl::malloc_shared<int>(n, q);
  int *sum = cl::sycl::malloc_shared<int>(1, q);
  *sum = 0;
  q.parallel_for(cl::sycl::range<1>(n), cl::sycl::reduction(sum, cl::sycl::plus<int>()),
                 [=](cl::sycl::id<1> i, auto &s) {
                   data[i] = int(i[0]);
                   s += int(i[0]);
                 })
      .wait();
  for (size_t i = 0; i < n; ++i) check::equal("data", long(i), data[i], int(i));
  check::equal("sum", 0, *sum, int(n * (n - 1) / 2));
  cl::sycl::free(data, q);
  cl::sycl::free(sum, q);
  return check::finish();
}
