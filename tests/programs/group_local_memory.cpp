// sycl::ext::oneapi::group_local_memory(_for_overwrite): work-group local allocations made inside
// the kernel. Two call sites get distinct memory; the constructed value is visible to every
// work-item; an allocation inside a loop is the same memory on every iteration (it accumulates);
// an array is initialised from values; an array allocation works as a tile for a neighbour
// exchange; _for_overwrite default-initialises a class with a default member initialiser; and
// the allocations' addresses, stored by every work-item (the vectorizer stores them for all
// lanes at once), are one per group and call site.
#include <sycl/sycl.hpp>
#include "check.hpp"

constexpr size_t kLocal = 48, kGroups = 9;

struct Pair {
  int first;
  long second;
};
struct Defaulted {
  int value = 42;
};

// Each work-item stores the addresses of two allocations: equal within a work-group, distinct
// between the two call sites.
void escaping_addresses(sycl::queue &q) {
  const size_t n = kLocal * kGroups;
  int **addresses = sycl::malloc_shared<int *>(2 * n, q);
  q.parallel_for<class EscapingAddresses>(sycl::nd_range<1>(n, kLocal), [=](sycl::nd_item<1> it) {
    const size_t i = it.get_global_id(0);
    addresses[2 * i] = sycl::ext::oneapi::group_local_memory_for_overwrite<int>(it.get_group()).get();
    addresses[2 * i + 1] = sycl::ext::oneapi::group_local_memory_for_overwrite<int>(it.get_group()).get();
  }).wait();
  for (size_t i = 0; i < n; ++i) {
    const size_t leader = i - i % kLocal;
    check::equal("two call sites, two addresses", long(i), addresses[2 * i] != addresses[2 * i + 1], true);
    check::equal("one address per group", long(i), addresses[2 * i] == addresses[2 * leader], true);
  }
  sycl::free(addresses, q);
}

int main() {
  sycl::queue q;
  const size_t n = kLocal * kGroups;
  long *out = sycl::malloc_shared<long>(n * 7, q);
  q.parallel_for<class GroupLocalMemory>(sycl::nd_range<1>(n, kLocal), [=](sycl::nd_item<1> it) {
    namespace oneapi = sycl::ext::oneapi;
    auto g = it.get_group();
    const size_t lid = it.get_local_id(0), group = it.get_group(0);

    // Two allocations, constructed by the leader, distinct.
    auto one = oneapi::group_local_memory<int>(g, int(group) + 1);
    auto pair = oneapi::group_local_memory<Pair>(g, Pair{int(group) * 2, long(group) * 3});
    // An array from its first elements' values, the rest zero.
    auto initialised = oneapi::group_local_memory<int[3]>(g, int(group), 7);

    // A tile for a neighbour exchange (through DPC++'s older sycl:: spelling).
    auto tile = sycl::group_local_memory_for_overwrite<long[kLocal]>(g);
    (*tile)[lid] = long(it.get_global_id(0)) * 10;
    sycl::group_barrier(g);
    long neighbour = (*tile)[(lid + 1) % kLocal];

    // The same allocation on every iteration.
    long sum = 0;
    for (int i = 0; i < 4; ++i) {
      sycl::multi_ptr<long, sycl::access::address_space::local_space> acc =
          oneapi::group_local_memory_for_overwrite<long>(g);
      if (g.leader()) *acc = (i == 0 ? 0 : *acc) + i + 1;
      sycl::group_barrier(g);
      sum += *acc;
      sycl::group_barrier(g);
    }

    auto defaulted = oneapi::group_local_memory_for_overwrite<Defaulted>(g);

    long *o = out + it.get_global_id(0) * 7;
    o[5] = defaulted->value;
    o[0] = *one;
    o[1] = pair->first;
    o[2] = (*pair).second;
    o[3] = neighbour;
    o[4] = sum;
    o[6] = (*initialised)[0] * 100 + (*initialised)[1] * 10 + (*initialised)[2];
  }).wait();

  for (size_t group = 0; group < kGroups; ++group)
    for (size_t lid = 0; lid < kLocal; ++lid) {
      const size_t i = group * kLocal + lid;
      const long *o = out + i * 7;
      check::equal("group_local_memory<int>", long(i), o[0], long(group) + 1);
      check::equal("group_local_memory<Pair>.first", long(i), o[1], long(group) * 2);
      check::equal("group_local_memory<Pair>.second", long(i), o[2], long(group) * 3);
      check::equal("tile neighbour", long(i), o[3], long(group * kLocal + (lid + 1) % kLocal) * 10);
      // Iteration i reads 1, 1+2, 1+2+3, 1+2+3+4.
      check::equal("allocation in a loop", long(i), o[4], 1 + 3 + 6 + 10);
      check::equal("for_overwrite default-initialises", long(i), o[5], 42L);
      check::equal("group_local_memory<int[3]>(g, group, 7)", long(i), o[6], long(group) * 100 + 70);
    }
  sycl::free(out, q);
  escaping_addresses(q);
  return check::finish();
}
