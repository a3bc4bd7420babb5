// SYCL 1.2.1 atomics, which programs still use: accessors in access::mode::atomic whose
// elements are sycl::atomic, the member functions and the atomic_* free functions, on integers
// and float, under contention from every work-item.
#include <sycl/sycl.hpp>

#include "check.hpp"

int main() {
  sycl::queue q;
  const int n = 10000;
  int counters[4] = {0, 1 << 30, 0, 0};
  unsigned int bits = 0;
  float value = 0.0f;
  {
    sycl::buffer<int> counter_buffer(counters, 4);
    sycl::buffer<unsigned int> bits_buffer(&bits, 1);
    sycl::buffer<float> value_buffer(&value, 1);
    q.submit([&](sycl::handler &h) {
      auto c = counter_buffer.get_access<sycl::access::mode::atomic>(h);
      sycl::accessor<unsigned int, 1, sycl::access::mode::atomic> b(bits_buffer, h);
      sycl::accessor<float, 1, sycl::access::mode::atomic> v(value_buffer, h);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
        const int i = int(id[0]);
        c[0].fetch_add(2);
        sycl::atomic_fetch_min(c[1], i + 5);
        sycl::atomic_fetch_max(c[2], i);
        int expected = c[3].load();
        while (!c[3].compare_exchange_strong(expected, expected + 1)) {
        }
        sycl::atomic_fetch_or(b[0], 1u << (i % 32));
        if (i == 77) sycl::atomic_store(v[0], 2.5f);
      });
    });
  }
  check::equal("fetch_add", 0, counters[0], 2 * n);
  check::equal("atomic_fetch_min", 1, counters[1], 5);
  check::equal("atomic_fetch_max", 2, counters[2], n - 1);
  check::equal("compare_exchange_strong", 3, counters[3], n);
  check::equal("atomic_fetch_or", 0, bits, 0xFFFFFFFFu);
  check::equal("float store", 0, value, 2.5f);
  return check::finish();
}
