// Allocation sizes that do not fit (issue 12, item 3): USM allocations whose byte count overflows
// size_t, or is larger than any memory, return nullptr (SYCL 2020 4.8.3) instead of a block
// smaller than asked for; an alignment that is not a power of two fails the same way; a buffer
// whose byte count overflows throws errc::memory_allocation. Ordinary sizes keep working.
#include <sycl/sycl.hpp>
#include <cstdint>
#include "check.hpp"

static bool is_null(const void *pointer) { return pointer == nullptr; }

int main() {
  sycl::queue q;
  check::equal("malloc_device(SIZE_MAX)", 0, is_null(sycl::malloc_device(SIZE_MAX, q)), true);
  check::equal("malloc_shared(SIZE_MAX - 1)", 0, is_null(sycl::malloc_shared(SIZE_MAX - 1, q)), true);
  check::equal("malloc_host(2^62)", 0, is_null(sycl::malloc_host(std::size_t(1) << 62, q)), true);
  // SIZE_MAX / 8 + 2 doubles: the byte count wraps around to 8.
  check::equal("malloc_device<double> wrap", 0, is_null(sycl::malloc_device<double>(SIZE_MAX / 8 + 2, q)), true);
  check::equal("malloc_shared<int> wrap", 0, is_null(sycl::malloc_shared<int>(SIZE_MAX / 2, q)), true);
  check::equal("aligned_alloc_host<float> wrap", 0,
               is_null(sycl::aligned_alloc_host<float>(64, SIZE_MAX / 4 + 1, q)), true);
  check::equal("alignment 48", 0, is_null(sycl::aligned_alloc_device(48, 1024, q)), true);

  auto *small = sycl::malloc_device<double>(1000, q);
  check::equal("ordinary allocation", 0, is_null(small), false);
  q.fill(small, 2.5, 1000).wait();
  double last = 0;
  q.memcpy(&last, small + 999, sizeof(double)).wait();
  check::equal("ordinary allocation works", 999, last, 2.5);
  sycl::free(small, q);

  bool thrown = false;
  try {
    sycl::buffer<double, 3> huge{sycl::range<3>{std::size_t(1) << 22, std::size_t(1) << 22, std::size_t(1) << 22}};
  } catch (const sycl::exception &e) {
    thrown = e.code() == sycl::errc::memory_allocation;
  }
  check::equal("buffer of 2^66 elements throws memory_allocation", 0, thrown, true);
  return check::finish();
}
