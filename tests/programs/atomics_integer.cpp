// atomic_ref on integers in global (USM) memory, contended by every work-item of a range kernel
// (so by every worker thread): for int, unsigned int, long, unsigned long, long long and
// unsigned long long, each work-item applies fetch_add, fetch_sub, fetch_min, fetch_max,
// fetch_and, fetch_or and fetch_xor (or the matching operator) to one shared counter per
// operation. These operations commute, so the final values are exact whatever the interleaving:
// the host folds the same operands in index order for the reference.
//
// The values returned are checked too: five shared counters hand out tickets (c++, ++c,
// fetch_sub(1), --c, and += 2), and every ticket must be handed out exactly once.
//
// The fetch_* calls take their memory order as a run-time kernel argument (every one of the five
// orders is run), the operators use the atomic_ref's default order, a template argument
// (relaxed, acq_rel and seq_cst are run), with device and system default scopes.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <climits>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

constexpr std::size_t n = 1 << 16;

// Counters: the seven operations, then the five ticket counters.
enum : int { add, sub, min, max, and_, or_, xor_, post_inc, pre_inc, post_dec, pre_dec, add_two, counters };

// Work-item i's operand. Signed types get values of both signs, small enough that the sum of
// all n cannot overflow; unsigned types get values over the whole range (a top bit set half the
// time, which a signed minimum or maximum would order differently).
template <typename T> T operand(std::size_t i) {
  const std::uint64_t mixed = (i * 0x9E3779B97F4A7C15ull) ^ (i >> 7);
  if constexpr (std::is_signed_v<T>)
    return T(std::int64_t(mixed % 2001) - 1000);
  else
    return T(mixed >> (64 - 8 * sizeof(T)));
}
// The bit work-item i clears in the and-counter and sets in the or-counter (some of them).
template <typename T> T bit(std::size_t i) { return T(T(1) << ((i * 7) % (8 * sizeof(T) - 1))); }

template <typename T, sycl::memory_order DefaultOrder, sycl::memory_scope DefaultScope>
void run(sycl::queue &q, const char *type, sycl::memory_order order) {
  using atomic = sycl::atomic_ref<T, DefaultOrder, DefaultScope, sycl::access::address_space::global_space>;
  T *c = sycl::malloc_shared<T>(counters, q);
  int *tickets = sycl::malloc_shared<int>(5 * n, q); // how often each ticket of each counter came out
  const T start_sub = T(12345);
  c[add] = T(0);
  c[sub] = start_sub;
  c[min] = std::numeric_limits<T>::max();
  c[max] = std::numeric_limits<T>::lowest();
  c[and_] = T(~T(0));
  c[or_] = T(0);
  c[xor_] = T(0);
  c[post_inc] = T(0);
  c[pre_inc] = T(0);
  c[post_dec] = T(n);
  c[pre_dec] = T(n);
  c[add_two] = T(0);
  for (std::size_t k = 0; k < 5 * n; ++k) tickets[k] = 0;

  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     const std::size_t i = id[0];
     const T v = operand<T>(i);
     // Half of the work-items use the fetch_* member, the other half the operator.
     if (i % 2 == 0) {
       atomic(c[add]).fetch_add(v, order);
       atomic(c[sub]).fetch_sub(v, order);
       atomic(c[and_]).fetch_and(T(~bit<T>(i)), order);
       atomic(c[or_]).fetch_or(bit<T>(i + 1), order);
       atomic(c[xor_]).fetch_xor(v, order);
     } else {
       atomic(c[add]) += v;
       atomic(c[sub]) -= v;
       atomic(c[and_]) &= T(~bit<T>(i));
       atomic(c[or_]) |= bit<T>(i + 1);
       atomic(c[xor_]) ^= v;
     }
     atomic(c[min]).fetch_min(v, order);
     atomic(c[max]).fetch_max(v, order);
     // Tickets: each counter's returned values must be a permutation.
     tickets[0 * n + std::size_t(atomic(c[post_inc])++)] += 1;
     tickets[1 * n + std::size_t(++atomic(c[pre_inc]) - T(1))] += 1;
     tickets[2 * n + std::size_t(atomic(c[post_dec]).fetch_sub(T(1), order) - T(1))] += 1;
     tickets[3 * n + std::size_t(--atomic(c[pre_dec]))] += 1;
     tickets[4 * n + std::size_t((atomic(c[add_two]) += T(2)) / T(2) - T(1))] += 1;
   }).wait();

  T sum = 0, difference = start_sub, lo = std::numeric_limits<T>::max(), hi = std::numeric_limits<T>::lowest();
  T all_and = T(~T(0)), any_or = 0, parity = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const T v = operand<T>(i);
    sum = T(sum + v);
    difference = T(difference - v);
    lo = v < lo ? v : lo;
    hi = v > hi ? v : hi;
    all_and = T(all_and & T(~bit<T>(i)));
    any_or = T(any_or | bit<T>(i + 1));
    parity = T(parity ^ v);
  }
  check::equal(type, add, c[add], sum);
  check::equal(type, sub, c[sub], difference);
  check::equal(type, min, c[min], lo);
  check::equal(type, max, c[max], hi);
  check::equal(type, and_, c[and_], all_and);
  check::equal(type, or_, c[or_], any_or);
  check::equal(type, xor_, c[xor_], parity);
  check::equal(type, post_inc, c[post_inc], T(n));
  check::equal(type, pre_inc, c[pre_inc], T(n));
  check::equal(type, post_dec, c[post_dec], T(0));
  check::equal(type, pre_dec, c[pre_dec], T(0));
  check::equal(type, add_two, c[add_two], T(2 * n));
  for (std::size_t k = 0; k < 5 * n; ++k) check::equal("tickets", long(k), tickets[k], 1);
  sycl::free(c, q);
  sycl::free(tickets, q);
}

template <typename T> void run_all_orders(sycl::queue &q, const char *type) {
  using sycl::memory_order;
  using sycl::memory_scope;
  for (memory_order order : {memory_order::relaxed, memory_order::acquire, memory_order::release,
                             memory_order::acq_rel, memory_order::seq_cst})
    run<T, memory_order::relaxed, memory_scope::device>(q, type, order);
  run<T, memory_order::acq_rel, memory_scope::system>(q, type, memory_order::acq_rel);
  run<T, memory_order::seq_cst, memory_scope::device>(q, type, memory_order::seq_cst);
}

int main() {
  sycl::queue q;
  run_all_orders<int>(q, "int");
  run_all_orders<unsigned int>(q, "unsigned int");
  run_all_orders<long>(q, "long");
  run_all_orders<unsigned long>(q, "unsigned long");
  run<long long, sycl::memory_order::seq_cst, sycl::memory_scope::system>(q, "long long",
                                                                          sycl::memory_order::relaxed);
  run<unsigned long long, sycl::memory_order::relaxed, sycl::memory_scope::device>(q, "unsigned long long",
                                                                                   sycl::memory_order::seq_cst);
  return check::finish();
}
