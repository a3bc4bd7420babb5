// A work_group_static variable read through a reference passed to a function that is not
// inlined: the compiler cannot tell which variable it is, so the compile stops with one error
// line (driver.rs).
#include <sycl/sycl.hpp>

namespace syclex = sycl::ext::oneapi::experimental;

syclex::work_group_static<int> shared_value;

__attribute__((noinline)) int read_it(const syclex::work_group_static<int> &value) { return value; }

int main() {
  sycl::queue q;
  int *out = sycl::malloc_shared<int>(4, q);
  q.parallel_for(sycl::nd_range<1>{4, 4}, [=](sycl::nd_item<1> it) {
     if (it.get_local_id(0) == 0) shared_value = 7;
     sycl::group_barrier(it.get_group());
     out[it.get_global_id(0)] = read_it(shared_value);
   }).wait();
  return out[0] != 7;
}
