// Debugged by tests/tests/debug.rs with gdb: line 11 (after the barrier) shows each
// work-item's own value of `secret`, which lives across the barrier. Keep the line numbers.
#include <sycl/sycl.hpp>
#include <cstdio>
int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(8, q);
  q.parallel_for<class DebugMe>(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1> it) {
    int secret = int(it.get_global_id(0)) * 7 + 3;
    sycl::group_barrier(it.get_group());
    out[it.get_global_id(0)] = secret; // BREAK
  }).wait();
  std::printf("%d\n", out[5]);
  sycl::free(out, q);
}
