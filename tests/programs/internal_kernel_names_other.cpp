// The other translation unit of internal_kernel_names.cpp: the same names, other kernels.
#include <sycl/sycl.hpp>

#include <string>

namespace syclexp = sycl::ext::oneapi::experimental;

namespace {
class Fill;
class ReadOffset;
constexpr sycl::specialization_id<int> offset(200);

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void mark(int *out) { out[sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_linear_id()] = 20; }
} // namespace

int run_there(sycl::queue &q, std::string &id) {
  int *out = sycl::malloc_shared<int>(8, q);
  q.parallel_for<Fill>(sycl::range<1>(4), [=](sycl::id<1> i) { out[i] = 2; });
  syclexp::nd_launch(q, sycl::nd_range<1>(4, 4), syclexp::kernel_function<mark>, out + 4);
  // The unit's specialization constant: its own default, then a value the unit sets.
  q.single_task<ReadOffset>([=](sycl::kernel_handler h) { out[5] = h.get_specialization_constant<offset>(); });
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<offset>(2000);
    h.single_task([=](sycl::kernel_handler k) { out[6] = k.get_specialization_constant<offset>(); });
  });
  q.wait();
  id = sycl::get_kernel_id<Fill>().get_name();
  const int result = out[0] + out[4] + out[5] + out[6];
  sycl::free(out, q);
  return result;
}
