// sycl::ext::oneapi::experimental::printf from kernels (DPC++'s printf extension): every call
// prints once (the test compares the lines, whose order between work-items is unspecified).
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/experimental/builtins.hpp>

namespace syclex = sycl::ext::oneapi::experimental;

int main() {
  sycl::queue q;
  q.single_task([=] { syclex::printf("single task %d %.2f %s\n", 42, 2.5, "text"); }).wait();
  static const char format[] = "work-item %zu\n";
  q.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { syclex::printf(format, i[0]); }).wait();
  std::printf("PASS\n");
  return 0;
}
