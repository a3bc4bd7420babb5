// parallel_for with an offset (item::get_offset, ids start at the offset), and the device and
// platform queries of this slice.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <string>

int main() {
  sycl::queue q;
  const size_t n = 40;
  size_t *seen = sycl::malloc_shared<size_t>(n + 8, q);
  q.memset(seen, 0, (n + 8) * sizeof(size_t)).wait();
  q.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::range<1>(n), sycl::id<1>(8), [=](sycl::item<1> it) {
      seen[it.get_id(0)] = it.get_offset()[0] * 1000 + it.get_linear_id();
    });
  }).wait();
  for (size_t i = 0; i < 8; ++i) check::equal("before offset", i, seen[i], 0u);
  for (size_t i = 8; i < n + 8; ++i) check::equal("offset item", i, seen[i], 8000 + (i - 8));

  sycl::device d = q.get_device();
  check::equal("is_cpu", 0, d.is_cpu(), true);
  check::equal("is_gpu", 0, d.is_gpu(), false);
  check::equal("name", 0, d.get_info<sycl::info::device::name>().empty(), false);
  check::equal("vendor", 0, d.get_info<sycl::info::device::vendor>().empty(), false);
  check::equal("compute units", 0, d.get_info<sycl::info::device::max_compute_units>() >= 1, true);
  check::equal("platform", 0, d.get_platform().get_info<sycl::info::platform::name>().empty(), false);
  sycl::free(seen, q);
  return check::finish();
}
