// Kernels named by types of internal linkage in two translation units
// (internal_kernel_names_other.cpp has the same names): a kernel name class and a free function
// kernel, each in an unnamed namespace, mangle alike in both units, yet each unit runs its own
// kernel and has its own kernel id (docs/kernel-features.md, "Kernel names of internal linkage").
#include <sycl/sycl.hpp>

#include <string>

#include "check.hpp"

namespace syclexp = sycl::ext::oneapi::experimental;

namespace {
class Fill;

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void mark(int *out) { out[sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_linear_id()] = 10; }
} // namespace

// This unit's results, and the other's (internal_kernel_names_other.cpp).
int run_here(sycl::queue &q, std::string &id) {
  int *out = sycl::malloc_shared<int>(8, q);
  q.parallel_for<Fill>(sycl::range<1>(4), [=](sycl::id<1> i) { out[i] = 1; });
  syclexp::nd_launch(q, sycl::nd_range<1>(4, 4), syclexp::kernel_function<mark>, out + 4);
  q.wait();
  id = sycl::get_kernel_id<Fill>().get_name();
  const int result = out[0] + out[4];
  sycl::free(out, q);
  return result;
}
int run_there(sycl::queue &q, std::string &id);

int main() {
  sycl::queue q;
  std::string id_here, id_there;
  check::equal("this unit's kernels", 0, run_here(q, id_here), 11);
  check::equal("the other unit's kernels", 0, run_there(q, id_there), 22);
  check::equal("kernel ids differ", 0, id_here != id_there, true);
  bool listed_here = false, listed_there = false;
  for (const sycl::kernel_id &id : sycl::get_kernel_ids()) {
    listed_here |= id.get_name() == id_here;
    listed_there |= id.get_name() == id_there;
  }
  check::equal("both kernel ids listed", 0, listed_here && listed_there, true);
  return check::finish();
}
