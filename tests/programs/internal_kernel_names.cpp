// Names of internal linkage in two translation units (internal_kernel_names_other.cpp has the
// same names): a kernel name class, a free function kernel and a specialization_id, each in an
// unnamed namespace, mangle alike in both units, yet each unit runs its own kernels, has its own
// kernel ids and reads its own constant's default and value (docs/kernel-features.md, "Names of
// internal linkage").
#include <sycl/sycl.hpp>

#include <string>

#include "check.hpp"

namespace syclexp = sycl::ext::oneapi::experimental;

namespace {
class Fill;
class ReadOffset;
constexpr sycl::specialization_id<int> offset(100);

SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void mark(int *out) { out[sycl::ext::oneapi::this_work_item::get_nd_item<1>().get_global_linear_id()] = 10; }
} // namespace

// This unit's results, and the other's (internal_kernel_names_other.cpp).
int run_here(sycl::queue &q, std::string &id) {
  int *out = sycl::malloc_shared<int>(8, q);
  q.parallel_for<Fill>(sycl::range<1>(4), [=](sycl::id<1> i) { out[i] = 1; });
  syclexp::nd_launch(q, sycl::nd_range<1>(4, 4), syclexp::kernel_function<mark>, out + 4);
  // The unit's specialization constant: its own default, then a value the unit sets.
  q.single_task<ReadOffset>([=](sycl::kernel_handler h) { out[5] = h.get_specialization_constant<offset>(); });
  q.submit([&](sycl::handler &h) {
    h.set_specialization_constant<offset>(1000);
    h.single_task([=](sycl::kernel_handler k) { out[6] = k.get_specialization_constant<offset>(); });
  });
  q.wait();
  id = sycl::get_kernel_id<Fill>().get_name();
  const int result = out[0] + out[4] + out[5] + out[6];
  sycl::free(out, q);
  return result;
}
int run_there(sycl::queue &q, std::string &id);

int main() {
  sycl::queue q;
  std::string id_here, id_there;
  check::equal("this unit's kernels", 0, run_here(q, id_here), 1111);
  check::equal("the other unit's kernels", 0, run_there(q, id_there), 2222);
  check::equal("kernel ids differ", 0, id_here != id_there, true);
  bool listed_here = false, listed_there = false;
  for (const sycl::kernel_id &id : sycl::get_kernel_ids()) {
    listed_here |= id.get_name() == id_here;
    listed_there |= id.get_name() == id_there;
  }
  check::equal("both kernel ids listed", 0, listed_here && listed_there, true);
  return check::finish();
}
