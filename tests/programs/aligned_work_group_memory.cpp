// Work-group memory aligned like SYCL's largest type, vec<double, 16> (128 bytes): a private
// vec<double, 16> live across a barrier (kept in the per-work-item live struct) and a
// group_local_memory array of them (a module-scope local variable) keep their alignment and
// their values.
#include <sycl/sycl.hpp>

#include <cstdint>

#include "check.hpp"

using double16 = sycl::vec<double, 16>;
constexpr size_t kLocal = 8, kGroups = 6;

int main() {
  static_assert(alignof(double16) == 128);
  sycl::queue q;
  const size_t n = kLocal * kGroups;
  double *sums = sycl::malloc_shared<double>(n, q);
  int *misaligned = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::nd_range<1>(n, kLocal), [=](sycl::nd_item<1> it) {
     auto g = it.get_group();
     const size_t gid = it.get_global_id(0), lid = it.get_local_id(0);
     double16 own;
     for (int i = 0; i < 16; ++i) own[i] = double(gid * 16 + i);
     auto tile = sycl::ext::oneapi::group_local_memory_for_overwrite<double16[kLocal]>(g);
     (*tile)[lid] = own * 2.0;
     volatile std::uintptr_t own_address = reinterpret_cast<std::uintptr_t>(&own);
     sycl::group_barrier(g);
     // `own` is live across the barrier; the neighbour's tile entry was written before it.
     const double16 &neighbour = (*tile)[(lid + 1) % kLocal];
     double sum = 0;
     for (int i = 0; i < 16; ++i) sum += own[i] + neighbour[i];
     sums[gid] = sum;
     misaligned[gid] = int(own_address % 128 != 0) +
                       int(reinterpret_cast<std::uintptr_t>(&(*tile)[lid]) % 128 != 0) * 2;
   }).wait();
  for (size_t gid = 0; gid < n; ++gid) {
    const size_t group = gid / kLocal, neighbour = group * kLocal + (gid % kLocal + 1) % kLocal;
    double expected = 0;
    for (int i = 0; i < 16; ++i) expected += double(gid * 16 + i) + 2.0 * double(neighbour * 16 + i);
    check::equal("sum", long(gid), sums[gid], expected);
    check::equal("aligned to 128 (1: private, 2: local)", long(gid), misaligned[gid], 0);
  }
  sycl::free(sums, q);
  sycl::free(misaligned, q);
  return check::finish();
}
