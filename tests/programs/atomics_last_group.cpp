// Release/acquire synchronisation between work-groups running on different threads, with no
// waiting: "the last work-group combines". Each work-group sums its values with local-memory
// atomics, its leader writes the group's sum to global memory with a plain store, publishes it,
// and counts itself done with a fetch_add; the one leader that sees the count reach the number
// of groups (so it ran last) reads every group's sum and writes the total. Exactly one group is
// last, and it may read the others' sums only because of the release/acquire pairs, so the
// total is exact, for every interleaving, if the orders are kept.
//
// Four ways to publish and acquire:
// * fences: atomic_fence(release, device), a relaxed fetch_add, atomic_fence(acquire, device);
// * an acq_rel fetch_add on the counter;
// * per-group flags written with store(release) and read with load(acquire) by every leader,
//   which checks the sum behind each flag it sees set (message passing), then an acq_rel count;
// * an atomic_ref whose default order is seq_cst, with default orders everywhere.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <cstdint>

constexpr std::size_t local_size = 64, groups = 257, n = local_size * groups;

enum class publish { fences, acq_rel_count, flags, seq_cst_default };

long value(std::size_t i) { return long((i * 2654435761u) % 1009) - 300; }
long group_total(std::size_t g) {
  long sum = 0;
  for (std::size_t i = g * local_size; i < (g + 1) * local_size; ++i) sum += value(i);
  return sum;
}

void run(sycl::queue &q, publish how, const char *what) {
  long *partial = sycl::malloc_shared<long>(groups, q);
  int *ready = sycl::malloc_shared<int>(groups, q);
  // [0]: groups done; [1]: groups that saw themselves last; [2]: flags seen set; [3]: sums
  // read behind a set flag that were not complete.
  int *count = sycl::malloc_shared<int>(4, q);
  long *total = sycl::malloc_shared<long>(1, q);
  for (std::size_t g = 0; g < groups; ++g) partial[g] = 0, ready[g] = 0;
  count[0] = count[1] = count[2] = count[3] = 0;
  *total = -1;

  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<long, 1> group_sum(sycl::range<1>(1), h);
     h.parallel_for(sycl::nd_range<1>(n, local_size), [=](sycl::nd_item<1> it) {
       using sycl::memory_order;
       using sycl::memory_scope;
       using device_int = sycl::atomic_ref<int, memory_order::relaxed, memory_scope::device,
                                           sycl::access::address_space::global_space>;
       const std::size_t g = it.get_group(0);
       if (it.get_local_id(0) == 0) group_sum[0] = 0;
       sycl::group_barrier(it.get_group());
       sycl::atomic_ref<long, memory_order::relaxed, memory_scope::work_group,
                        sycl::access::address_space::local_space>(group_sum[0])
           .fetch_add(value(it.get_global_id(0)));
       sycl::group_barrier(it.get_group());
       if (it.get_local_id(0) != 0) return;

       partial[g] = group_sum[0];
       bool last = false;
       switch (how) {
       case publish::fences:
         sycl::atomic_fence(memory_order::release, memory_scope::device);
         last = device_int(count[0]).fetch_add(1) == int(groups) - 1;
         if (last) sycl::atomic_fence(memory_order::acquire, memory_scope::device);
         break;
       case publish::acq_rel_count:
         last = device_int(count[0]).fetch_add(1, memory_order::acq_rel) == int(groups) - 1;
         break;
       case publish::flags:
         // Message passing: this leader publishes its sum with a release store of its flag, then
         // reads the sum of every group whose flag it sees set by an acquire load, which must be
         // that group's complete sum (it sees at least its own flag).
         device_int(ready[g]).store(1, memory_order::release);
         for (std::size_t k = 0; k < groups; ++k) {
           if (device_int(ready[k]).load(memory_order::acquire) != 1) continue;
           device_int(count[2]) += 1;
           if (partial[k] != group_total(k)) device_int(count[3]) += 1;
         }
         last = device_int(count[0]).fetch_add(1, memory_order::acq_rel) == int(groups) - 1;
         break;
       case publish::seq_cst_default:
         last = sycl::atomic_ref<int, memory_order::seq_cst, memory_scope::system>(count[0])++ == int(groups) - 1;
         break;
       }
       if (last) {
         device_int(count[1]) += 1;
         long sum = 0;
         for (std::size_t k = 0; k < groups; ++k) sum += partial[k];
         *total = sum;
       }
     });
   }).wait();

  long expected = 0;
  for (std::size_t i = 0; i < n; ++i) expected += value(i);
  check::equal(what, 0, count[0], int(groups));
  check::equal(what, 1, count[1], 1);
  check::equal(what, 2, *total, expected);
  if (how == publish::flags) {
    check::equal(what, 3, count[2] >= int(groups), true);
    check::equal(what, 4, count[3], 0);
  }
  for (void *p : {(void *)partial, (void *)ready, (void *)count, (void *)total}) sycl::free(p, q);
}

int main() {
  sycl::queue q;
  for (int repeat = 0; repeat < 4; ++repeat) {
    run(q, publish::fences, "fences");
    run(q, publish::acq_rel_count, "acq_rel count");
    run(q, publish::flags, "release/acquire flags");
    run(q, publish::seq_cst_default, "seq_cst default order");
  }
  return check::finish();
}
