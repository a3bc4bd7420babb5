// sycl::ext::oneapi::experimental::work_group_static: a variable of namespace scope and static
// variables of a kernel and of a helper, one copy per work-group. Every access to a variable, in
// the kernel and in a helper function that names it, reaches the same work-group local memory;
// two variables get distinct memory; work-groups run at the same time (two threads) do not share
// it; an array works as a tile for a neighbour exchange; a work_group_static in a loop keeps
// its value from one iteration to the next; and a local variable of that type is static too,
// as DPC++ treats it (one per work-group, not per work-item).
#include <sycl/sycl.hpp>
#include "check.hpp"

namespace syclex = sycl::ext::oneapi::experimental;

static_assert(SYCL_EXT_ONEAPI_WORK_GROUP_STATIC == 1);

constexpr size_t kLocal = 40, kGroups = 11;

syclex::work_group_static<int> group_total;

// Adds to the namespace-scope variable from a function of its own (not inlined at -O0).
void add_to_total(int value) {
  sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                   sycl::access::address_space::generic_space>
      total(group_total);
  total += value;
}

int *helper_counter() {
  static syclex::work_group_static<int> counter;
  return &counter;
}

int main() {
  sycl::queue q;
  const size_t n = kLocal * kGroups;
  int *totals = sycl::malloc_shared<int>(kGroups, q);
  int *neighbours = sycl::malloc_shared<int>(n, q);
  int *same_address = sycl::malloc_shared<int>(n, q);
  int *distinct = sycl::malloc_shared<int>(n, q);
  int *accumulated = sycl::malloc_shared<int>(n, q);
  int *leaders = sycl::malloc_shared<int>(n, q);
  q.parallel_for(sycl::nd_range<1>(n, kLocal), [=](sycl::nd_item<1> it) {
     static syclex::work_group_static<int[kLocal]> tile;
     static syclex::work_group_static<long> running;
     syclex::work_group_static<int> leader_id;
     const size_t lid = it.get_local_id(0), gid = it.get_global_id(0);
     const int group = int(it.get_group(0));
     if (lid == 0) {
       group_total = 0;
       running = 0;
       leader_id = int(gid);
     }
     tile[lid] = int(gid) * 3;
     sycl::group_barrier(it.get_group());
     neighbours[gid] = tile[(lid + 1) % kLocal];
     add_to_total(int(lid) + group);
     same_address[gid] = helper_counter() == helper_counter();
     distinct[gid] = static_cast<void *>(&group_total) != static_cast<void *>(&tile) &&
                     static_cast<void *>(helper_counter()) != static_cast<void *>(&running);
     for (int round = 0; round < 3; ++round) {
       sycl::group_barrier(it.get_group());
       if (lid == size_t(round)) running = long(running) + round + 1;
     }
     sycl::group_barrier(it.get_group());
     accumulated[gid] = int(long(running));
     leaders[gid] = leader_id;
     if (lid == 0) totals[group] = group_total;
   }).wait();
  for (size_t g = 0; g < kGroups; ++g) {
    int expected = 0;
    for (size_t l = 0; l < kLocal; ++l) expected += int(l + g);
    check::equal("group_total", long(g), totals[g], expected);
  }
  for (size_t i = 0; i < n; ++i) {
    const size_t group = i / kLocal, lid = i % kLocal;
    check::equal("neighbour", long(i), neighbours[i], int((group * kLocal + (lid + 1) % kLocal) * 3));
    check::equal("same address", long(i), same_address[i], 1);
    check::equal("distinct", long(i), distinct[i], 1);
    check::equal("accumulated", long(i), accumulated[i], 6);
    check::equal("leader", long(i), leaders[i], int(group * kLocal));
  }
  for (int *p : {totals, neighbours, same_address, distinct, accumulated, leaders}) sycl::free(p, q);
  return check::finish();
}
