// The work_group_size kernel property (sycl_ext_oneapi_kernel_properties): the kernel runs
// with the required local size, and a launch with another size throws errc::nd_range.
#include <sycl/sycl.hpp>
#include <cstdio>
namespace syclex = sycl::ext::oneapi::experimental;
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(64, q);
  syclex::properties props{syclex::work_group_size<2, 4>};
  q.parallel_for(sycl::nd_range<2>({8, 8}, {2, 4}), props, [=](sycl::nd_item<2> it) {
    out[it.get_global_linear_id()] = int(it.get_local_range(0) * 10 + it.get_local_range(1));
  }).wait();
  int bad = 0;
  for (int i = 0; i < 64; ++i) bad += out[i] != 24;
  bool threw = false;
  try {
    q.parallel_for(sycl::nd_range<2>({8, 8}, {4, 2}), props, [=](sycl::nd_item<2>) { out[0] = 1; }).wait();
  } catch (const sycl::exception &e) { threw = e.code() == sycl::errc::nd_range; std::printf("%s\n", e.what()); }
  sycl::free(out, q);
  std::printf(bad || !threw ? "FAIL\n" : "PASS\n");
  return bad || !threw;
}
