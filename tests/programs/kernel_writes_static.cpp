// A kernel that writes a variable with internal linkage: the host's copy is not one device code
// can reach, so the compiler refuses it (docs/kernel-features.md, "Global variables").
#include <sycl/sycl.hpp>

static int launches = 0;

int main() {
  sycl::queue q;
  q.single_task([=] { launches += 1; }).wait();
  return launches == 1 ? 0 : 1;
}
