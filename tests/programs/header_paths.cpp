// Code written for other implementations: the SYCL 1.2.1 path <CL/sycl.hpp> with cl::sycl names,
// and DPC++'s fine-grained headers (also <sycl.hpp>, sycl::bit_cast and the feature-test
// macros), compile and run.
#include <CL/sycl.hpp>
#include <sycl/builtins.hpp>
#include <sycl/detail/core.hpp>
#include <sycl/group_barrier.hpp>
#include <sycl/kernel_handler.hpp>
#include <sycl/reduction.hpp>
#include <sycl/specialization_id.hpp>
#include <sycl/usm.hpp>
#include <sycl/vector.hpp>
#include <sycl.hpp>
#include <sycl/aspects.hpp>
#include <sycl/backend.hpp>
#include <sycl/bit_cast.hpp>
#include <sycl/device_selector.hpp>
#include <sycl/exception_list.hpp>
#include <sycl/feature_test.hpp>
#include <sycl/group_local_memory.hpp>
#include <sycl/half_type.hpp>
#include <sycl/id.hpp>
#include <sycl/info/info_desc.hpp>
#include <sycl/item.hpp>
#include <sycl/kernel.hpp>
#include <sycl/pointers.hpp>
#include <sycl/usm/usm_pointer_info.hpp>
#include <sycl/usm/usm_allocator.hpp>
#include <sycl/version.hpp>

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
  check::equal("bit_cast", 0, sycl::bit_cast<std::uint32_t>(1.0f), 0x3f800000u);
#if !defined(SYCL_EXT_ONEAPI_ENQUEUE_BARRIER) || SYCL_LANGUAGE_VERSION != 202012L
  check::equal("feature-test macros", 0, false, true);
#endif
  return check::finish();
}
