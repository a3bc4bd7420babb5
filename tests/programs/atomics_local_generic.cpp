// atomic_ref on work-group local memory (local_space, work_group scope) in nd_range kernels,
// atomic_ref in the generic address space on both local and global memory, the narrower scopes
// (work_item and sub_group) on memory only one work-item touches, and atomic_fence with every
// order and scope.
//
// For int, unsigned int, long, unsigned long, float and double, every work-item of a group
// applies the type's operations (add, sub, min, max, for integers also and, or, xor) and a
// compare-exchange claim to the group's counters in local memory, with the memory order as a
// run-time kernel argument; after a barrier the group's counters are copied out and compared
// with the host's fold of the same operands. A generic-space helper adds each operand both to
// a local counter (work_group scope) and to a global total (device scope). Between the steps,
// each work-item issues atomic_fence for all five orders and all five scopes.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

constexpr std::size_t local_size = 96, groups = 37, n = local_size * groups;

enum : int { add, sub, min, max, generic_add, and_, or_, xor_, claim, claimed, counters };

template <typename T> T operand(std::size_t i) {
  const std::uint64_t mixed = (i * 0x9E3779B97F4A7C15ull) >> 17;
  if constexpr (std::is_floating_point_v<T>)
    return T(int(mixed % 512) - 200) / T(4);
  else if constexpr (std::is_signed_v<T>)
    return T(std::int64_t(mixed % 20001) - 10000);
  else
    return T(mixed * 0x9E3779B97F4A7C15ull); // the whole range, top bit set half the time
}
// The and-counter's start: every bit set (integers only use it).
template <typename T> T all_ones() {
  if constexpr (std::is_integral_v<T>)
    return T(~T(0));
  else
    return T(0);
}
template <typename T> T bit(std::size_t i) { return T(T(1) << (i % (8 * sizeof(T) - 1))); }

// An atomic add through a generic-space atomic_ref, whatever memory `target` is in.
template <typename T, sycl::memory_scope Scope> void generic_add_to(T &target, T value) {
  sycl::atomic_ref<T, sycl::memory_order::relaxed, Scope, sycl::access::address_space::generic_space>(target) +=
      value;
}

// Every order and scope; relaxed fences do nothing, the others order this work-item's accesses.
void all_fences(const sycl::memory_order *orders, const sycl::memory_scope *scopes) {
  for (int o = 0; o < 5; ++o)
    for (int s = 0; s < 5; ++s) sycl::atomic_fence(orders[o], scopes[s]);
}

template <typename T> void run(sycl::queue &q, const char *type, sycl::memory_order order) {
  T *out = sycl::malloc_shared<T>(groups * counters, q);
  T *global_total = sycl::malloc_shared<T>(1, q);
  // Each work-item's own counter, added to twice with work_item then sub_group scope.
  T *own = sycl::malloc_shared<T>(n, q);
  *global_total = T(0);
  struct fence_arguments {
    sycl::memory_order orders[5];
    sycl::memory_scope scopes[5];
  } fences{{sycl::memory_order::relaxed, sycl::memory_order::acquire, sycl::memory_order::release,
            sycl::memory_order::acq_rel, sycl::memory_order::seq_cst},
           {sycl::memory_scope::work_item, sycl::memory_scope::sub_group, sycl::memory_scope::work_group,
            sycl::memory_scope::device, sycl::memory_scope::system}};

  q.submit([&](sycl::handler &h) {
     sycl::local_accessor<T, 1> local(sycl::range<1>(counters), h);
     sycl::local_accessor<T, 1> slots(sycl::range<1>(local_size), h);
     h.parallel_for(sycl::nd_range<1>(n, local_size), [=](sycl::nd_item<1> it) {
       using local_atomic = sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                                             sycl::access::address_space::local_space>;
       const std::size_t lid = it.get_local_id(0), i = it.get_global_id(0);
       const T v = operand<T>(i);
       if (lid == 0) {
         local[add] = T(0);
         local[sub] = T(0);
         local[min] = std::numeric_limits<T>::max();
         local[max] = std::numeric_limits<T>::lowest();
         local[generic_add] = T(0);
         local[and_] = all_ones<T>();
         local[or_] = T(0);
         local[xor_] = T(0);
         local[claim] = T(-1);
         local[claimed] = T(0);
       }
       slots[lid] = T(0);
       sycl::group_barrier(it.get_group());
       all_fences(fences.orders, fences.scopes);

       local_atomic(local[add]).fetch_add(v, order, sycl::memory_scope::work_group);
       local_atomic(local[sub]).fetch_sub(v, order);
       local_atomic(local[min]).fetch_min(v, order);
       local_atomic(local[max]).fetch_max(v, order);
       generic_add_to<T, sycl::memory_scope::work_group>(local[generic_add], v);
       generic_add_to<T, sycl::memory_scope::device>(*global_total, v);
       if constexpr (std::is_integral_v<T>) {
         local_atomic(local[and_]).fetch_and(T(~bit<T>(i)), order);
         local_atomic(local[or_]).fetch_or(bit<T>(i * 3), order);
         local_atomic(local[xor_]).fetch_xor(v, order);
       }
       // One work-item claims the slot; the others find the winner's id in `expected`.
       T expected = T(-1);
       if (local_atomic(local[claim]).compare_exchange_strong(expected, T(lid), order, sycl::memory_order::relaxed))
         local_atomic(local[claimed]) += T(1);
       // Memory only this work-item touches: work_item and sub_group scopes suffice.
       sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::work_item,
                        sycl::access::address_space::local_space>(slots[lid])
           .fetch_add(v, order);
       sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::sub_group,
                        sycl::access::address_space::local_space>(slots[lid]) += v;
       own[i] = sycl::atomic_ref<T, sycl::memory_order::acq_rel, sycl::memory_scope::work_item,
                                 sycl::access::address_space::local_space>(slots[lid])
                    .exchange(T(0));
       all_fences(fences.orders, fences.scopes);
       sycl::group_barrier(it.get_group());

       if (lid < counters)
         out[it.get_group(0) * counters + lid] = local_atomic(local[lid]).load(sycl::memory_order::acquire);
     });
   }).wait();

  T all = T(0);
  for (std::size_t g = 0; g < groups; ++g) {
    T sum = 0, lo = std::numeric_limits<T>::max(), hi = std::numeric_limits<T>::lowest();
    T all_and = all_ones<T>(), any_or = T(0), parity = T(0);
    for (std::size_t i = g * local_size; i < (g + 1) * local_size; ++i) {
      const T v = operand<T>(i);
      sum = T(sum + v);
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
      if constexpr (std::is_integral_v<T>) {
        all_and = T(all_and & T(~bit<T>(i)));
        any_or = T(any_or | bit<T>(i * 3));
        parity = T(parity ^ v);
      }
      check::equal("own counter", long(i), own[i], T(v + v));
    }
    all = T(all + sum);
    const T *got = out + g * counters;
    check::equal(type, long(g * counters + add), got[add], sum);
    check::equal(type, long(g * counters + sub), got[sub], T(T(0) - sum));
    check::equal(type, long(g * counters + min), got[min], lo);
    check::equal(type, long(g * counters + max), got[max], hi);
    check::equal(type, long(g * counters + generic_add), got[generic_add], sum);
    if constexpr (std::is_integral_v<T>) {
      check::equal(type, long(g * counters + and_), got[and_], all_and);
      check::equal(type, long(g * counters + or_), got[or_], any_or);
      check::equal(type, long(g * counters + xor_), got[xor_], parity);
    }
    check::equal(type, long(g * counters + claim), got[claim] >= T(0) && got[claim] < T(local_size), true);
    check::equal(type, long(g * counters + claimed), got[claimed], T(1));
  }
  check::equal("global total through generic space", 0, *global_total, all);
  sycl::free(out, q);
  sycl::free(global_total, q);
  sycl::free(own, q);
}

template <typename T> void run_all_orders(sycl::queue &q, const char *type) {
  using sycl::memory_order;
  for (memory_order order : {memory_order::relaxed, memory_order::acquire, memory_order::release,
                             memory_order::acq_rel, memory_order::seq_cst})
    run<T>(q, type, order);
}

int main() {
  sycl::queue q;
  run_all_orders<int>(q, "int");
  run_all_orders<unsigned int>(q, "unsigned int");
  run_all_orders<long>(q, "long");
  run_all_orders<unsigned long>(q, "unsigned long");
  run_all_orders<float>(q, "float");
  run_all_orders<double>(q, "double");
  return check::finish();
}
