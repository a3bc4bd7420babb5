// Barriers outside the kernel's own body: in a noinline helper function of the same translation
// unit (called twice, once in a loop), and in a SYCL_EXTERNAL function defined in another
// translation unit (barrier_helper_external.cpp), reached only through the device link.
#include <sycl/sycl.hpp>
#include "check.hpp"

constexpr size_t kLocal = 16, kGroups = 11;

// Defined in barrier_helper_external.cpp: returns the value published by the work-item `shift`
// places further on in the group, waiting at a group barrier in between.
SYCL_EXTERNAL long exchange_external(sycl::nd_item<1> it, long *slots, long mine, size_t shift);

// The same, here, kept out of line.
__attribute__((noinline)) long exchange_local(sycl::nd_item<1> it, long *slots, long mine, size_t shift) {
  const size_t lid = it.get_local_id(0), l = it.get_local_range(0);
  slots[lid] = mine;
  it.barrier(sycl::access::fence_space::local_space);
  long theirs = slots[(lid + shift) % l];
  it.barrier(sycl::access::fence_space::local_space);
  return theirs;
}

int main() {
  sycl::queue q;
  const size_t n = kLocal * kGroups;
  long *out = sycl::malloc_shared<long>(n * 3, q);
  q.submit([&](sycl::handler &h) {
    sycl::local_accessor<long, 1> slots(sycl::range<1>(kLocal), h);
    h.parallel_for<class BarrierHelpers>(sycl::nd_range<1>(n, kLocal), [=](sycl::nd_item<1> it) {
      long *scratch = slots.get_pointer();
      const long mine = long(it.get_global_id(0)) * 3 + 1;
      long a = exchange_local(it, scratch, mine, 1);
      long b = 0;
      for (size_t round = 1; round <= 3; ++round) b += exchange_local(it, scratch, a + long(round), round);
      long c = exchange_external(it, scratch, mine * 2, 5);
      out[it.get_global_id(0) * 3 + 0] = a;
      out[it.get_global_id(0) * 3 + 1] = b;
      out[it.get_global_id(0) * 3 + 2] = c;
    });
  }).wait();

  for (size_t g = 0; g < kGroups; ++g)
    for (size_t lid = 0; lid < kLocal; ++lid) {
      const size_t i = g * kLocal + lid;
      auto mine = [&](size_t l) { return long(g * kLocal + l) * 3 + 1; };
      auto a = [&](size_t l) { return mine((l + 1) % kLocal); };
      long b = 0;
      for (size_t round = 1; round <= 3; ++round) b += a((lid + round) % kLocal) + long(round);
      check::equal("noinline helper", long(i), out[i * 3], a(lid));
      check::equal("noinline helper in a loop", long(i), out[i * 3 + 1], b);
      check::equal("SYCL_EXTERNAL helper", long(i), out[i * 3 + 2], mine((lid + 5) % kLocal) * 2);
    }
  sycl::free(out, q);
  return check::finish();
}
