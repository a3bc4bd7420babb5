// The other translation unit of internal_kernel_names.cpp: the same names, other kernels.
#include <sycl/sycl.hpp>

#include <string>

namespace syclexp = sycl::ext::oneapi::experimental;

namespace {
class Fill;

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void mark(int *out) { out[sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_linear_id()] = 20; }
} // namespace

int run_there(sycl::queue &q, std::string &id) {
  int *out = sycl::malloc_shared<int>(8, q);
  q.parallel_for<Fill>(sycl::range<1>(4), [=](sycl::id<1> i) { out[i] = 2; });
  syclexp::nd_launch(q, sycl::nd_range<1>(4, 4), syclexp::kernel_function<mark>, out + 4);
  q.wait();
  id = sycl::get_kernel_id<Fill>().get_name();
  const int result = out[0] + out[4];
  sycl::free(out, q);
  return result;
}
