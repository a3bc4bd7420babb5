// sycl::usm_allocator (SYCL 2020 4.8.3.7) in standard containers that kernels read and write,
// and sycl::aligned_alloc with the kind as a value (4.8.3.3).
#include <sycl/sycl.hpp>

#include <cstdint>
#include <limits>
#include <list>
#include <vector>

#include "check.hpp"

int main() {
  sycl::queue q;
  const std::size_t n = 1000;

  // A vector in shared USM: filled on the host, doubled by a kernel, read back on the host.
  sycl::usm_allocator<int, sycl::usm::alloc::shared> shared(q);
  std::vector<int, decltype(shared)> values(n, 0, shared);
  for (std::size_t i = 0; i < n; ++i) values[i] = int(i);
  int *data = values.data();
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] *= 2; }).wait();
  for (std::size_t i = 0; i < n; ++i) check::equal("shared vector", long(i), values[i], 2 * int(i));
  check::equal("vector's memory is shared USM", 0, int(sycl::get_pointer_type(data, q.get_context())),
               int(sycl::usm::alloc::shared));
  values.resize(4 * n, 7); // reallocates through the allocator
  check::equal("grown vector", 0, values[4 * n - 1], 7);

  // Host USM, a stated alignment, and rebinding (std::list allocates its nodes through it).
  sycl::usm_allocator<double, sycl::usm::alloc::host, 256> aligned(q.get_context(), q.get_device());
  std::vector<double, decltype(aligned)> wide(3, 1.5, aligned);
  check::equal("alignment", 0, long(reinterpret_cast<std::uintptr_t>(wide.data()) % 256), 0L);
  check::equal("host kind", 0, int(sycl::get_pointer_type(wide.data(), q.get_context())),
               int(sycl::usm::alloc::host));
  std::list<double, decltype(aligned)> nodes({1.0, 2.0, 3.0}, aligned);
  double sum = 0;
  for (double v : nodes) sum += v;
  check::equal("list through a rebound allocator", 0, sum, 6.0);

  // Equal allocators free each other's memory; other kinds are not equal.
  sycl::usm_allocator<float, sycl::usm::alloc::shared> rebound(shared);
  check::equal("rebound copy is equal", 0, int(rebound == shared), 1);
  check::equal("other kind is not equal", 0, int(shared != sycl::usm_allocator<int, sycl::usm::alloc::host>(q)), 1);

  // A count whose byte size overflows is errc::memory_allocation.
  bool threw = false;
  try {
    shared.allocate(std::numeric_limits<std::size_t>::max() / 2);
  } catch (const sycl::exception &e) {
    threw = e.code() == sycl::errc::memory_allocation;
  }
  check::equal("overflowing allocate throws memory_allocation", 0, int(threw), 1);

  // aligned_alloc with the kind as a value.
  const sycl::usm::alloc kinds[] = {sycl::usm::alloc::host, sycl::usm::alloc::device, sycl::usm::alloc::shared};
  for (int k = 0; k < 3; ++k) {
    void *raw = sycl::aligned_alloc(512, 100, q, kinds[k]);
    check::equal("aligned_alloc alignment", k, long(reinterpret_cast<std::uintptr_t>(raw) % 512), 0L);
    check::equal("aligned_alloc kind", k, int(sycl::get_pointer_type(raw, q.get_context())), int(kinds[k]));
    sycl::free(raw, q);
  }
  long *typed = sycl::aligned_alloc<long>(128, 10, q.get_device(), q.get_context(), sycl::usm::alloc::shared);
  q.single_task([=] { typed[9] = 42; }).wait();
  check::equal("typed aligned_alloc", 0, typed[9], 42L);
  sycl::free(typed, q);
  check::equal("unknown kind gives null", 0, long(sycl::aligned_alloc(64, 8, q, sycl::usm::alloc::unknown) == nullptr), 1L);

  // A typed aligned allocation is aligned for its type even when asked for less.
  struct alignas(256) Wide {
    char bytes[256];
  };
  Wide *wides[] = {sycl::aligned_alloc_device<Wide>(64, 1, q), sycl::aligned_alloc_host<Wide>(16, 1, q),
                  sycl::aligned_alloc_shared<Wide>(128, 1, q.get_device(), q.get_context()),
                  sycl::aligned_alloc<Wide>(8, 1, q, sycl::usm::alloc::shared),
                  sycl::malloc<Wide>(1, q, sycl::usm::alloc::host)};
  for (int i = 0; i < 5; ++i) {
    check::equal("typed alignment", i, long(reinterpret_cast<std::uintptr_t>(wides[i]) % alignof(Wide)), 0L);
    sycl::free(wides[i], q);
  }
  return check::finish();
}
