// Global variables in kernels (docs/kernel-features.md, "Global variables"): a variable with
// external linkage is one variable for host and device code, whichever writes it; so are static
// data members and inline variables (one only kernels use, too). A variable with internal
// linkage that kernels only read is read with the value it was initialised with.
#include <sycl/sycl.hpp>

#include "check.hpp"

int counter = 5;
int histogram[8];
struct widget {
  static int instances;
};
int widget::instances = 3;
inline int inline_shared = 40;
inline long only_kernels_use = 100;
static float table[4] = {1.5f, 2.5f, 3.5f, 4.5f};

int main() {
  sycl::queue q;
  // A host write before the launch is what the kernel reads.
  counter = 10;
  int *seen = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { seen[0] = counter; }).wait();
  check::equal("host write seen by the kernel", 0, seen[0], 10);

  // Kernel writes are what the host reads after the launch.
  q.single_task([=] {
    counter += 1;
    inline_shared += 2;
    widget::instances *= 2;
  }).wait();
  check::equal("kernel write to a global", 0, counter, 11);
  check::equal("kernel write to an inline variable", 0, inline_shared, 42);
  check::equal("kernel write to a static data member", 0, widget::instances, 6);

  // Every work-item updates the same array, atomically.
  const int n = 1000;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device> bin(
         histogram[i[0] % 8]);
     bin += 1;
   }).wait();
  for (int b = 0; b < 8; ++b)
    check::equal("histogram bin", b, histogram[b], n / 8);

  long *result = sycl::malloc_shared<long>(1, q);
  q.single_task([=] { result[0] = ++only_kernels_use; }).wait();
  check::equal("inline variable only kernels use", 0, result[0], 101L);

  float *out = sycl::malloc_shared<float>(4, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { out[i] = table[i] * 2; }).wait();
  for (int i = 0; i < 4; ++i)
    check::equal("read of an internal table", i, out[i], table[i] * 2);

  sycl::free(seen, q);
  sycl::free(result, q);
  sycl::free(out, q);
  return check::finish();
}
