// atomic_ref<float> and atomic_ref<double> in global (USM) memory, contended by every work-item
// of a range kernel: fetch_add, fetch_sub (and += / -=), fetch_min, fetch_max, exchange, and a
// compare-exchange loop computing a maximum.
//
// The sums are exact whatever the order of the additions: float operands are small integers
// (every partial sum is an integer below 2^24), double operands are integers plus multiples of
// 2^-8 (every partial sum is a multiple of 2^-8 below 2^35). The returned values are checked
// too: fetch_add(1) hands out each of 0 .. n-1 exactly once.
//
// The fetch_* calls take their memory order as a run-time kernel argument; every order is run.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <cstdint>
#include <limits>
#include <vector>

constexpr std::size_t n = 1 << 17;
// Each work-item adds its operand this many times with fetch_add and with +=, so that most of
// the kernel's time goes to contended additions.
constexpr int repeats = 4;

enum : int { add, sub, min, max, cas_max, ticket, add_op, sub_op, swap, counters };

// Work-item i's operand: an integer in [-20, 11] for float; for double an integer in
// [-50000, 50000) plus a multiple of 2^-8.
template <typename T> T operand(std::size_t i) {
  const std::uint64_t mixed = (i * 0x9E3779B97F4A7C15ull) >> 20;
  if constexpr (sizeof(T) == 4)
    return T(int(mixed % 32) - 20);
  else
    return T(std::int64_t(mixed % 100000) - 50000) + T(mixed % 256) / T(256);
}

template <typename T, sycl::memory_order DefaultOrder>
void run(sycl::queue &q, const char *type, sycl::memory_order order) {
  using atomic = sycl::atomic_ref<T, DefaultOrder, sycl::memory_scope::device>;
  T *c = sycl::malloc_shared<T>(counters, q);
  int *tickets = sycl::malloc_shared<int>(n, q);
  // Every value exchange returned, by work-item; the start value and n work-items' values.
  T *swapped = sycl::malloc_shared<T>(n, q);
  const T start_sub = T(1000);
  c[add] = T(0);
  c[sub] = start_sub;
  c[min] = std::numeric_limits<T>::infinity();
  c[max] = -std::numeric_limits<T>::infinity();
  c[cas_max] = std::numeric_limits<T>::lowest();
  c[ticket] = T(0);
  c[add_op] = T(0);
  c[sub_op] = T(0);
  c[swap] = T(-1);
  for (std::size_t i = 0; i < n; ++i) tickets[i] = 0;

  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     const std::size_t i = id[0];
     const T v = operand<T>(i);
     for (int r = 0; r < repeats; ++r) {
       atomic(c[add]).fetch_add(v, order);
       atomic(c[sub]).fetch_sub(v, order);
       atomic(c[add_op]) += v;
       atomic(c[sub_op]) -= v;
     }
     atomic(c[min]).fetch_min(v, order);
     atomic(c[max]).fetch_max(v, order);
     // A maximum by compare-exchange: retry with the value found until ours is not larger.
     atomic cas(c[cas_max]);
     T seen = cas.load(sycl::memory_order::relaxed);
     while (v > seen && !cas.compare_exchange_weak(seen, v, order, sycl::memory_order::relaxed)) {
     }
     tickets[std::size_t(atomic(c[ticket]).fetch_add(T(1), order))] += 1;
     swapped[i] = atomic(c[swap]).exchange(T(i), order);
   }).wait();

  T sum = 0, lo = std::numeric_limits<T>::infinity(), hi = -std::numeric_limits<T>::infinity();
  for (std::size_t i = 0; i < n; ++i) {
    const T v = operand<T>(i);
    sum += v;
    lo = v < lo ? v : lo;
    hi = v > hi ? v : hi;
  }
  sum *= T(repeats);
  check::equal(type, add, c[add], sum);
  check::equal(type, sub, c[sub], start_sub - sum);
  check::equal(type, min, c[min], lo);
  check::equal(type, max, c[max], hi);
  check::equal(type, cas_max, c[cas_max], hi);
  check::equal(type, ticket, c[ticket], T(n));
  check::equal(type, add_op, c[add_op], sum);
  check::equal(type, sub_op, c[sub_op], -sum);
  for (std::size_t i = 0; i < n; ++i) check::equal("tickets", long(i), tickets[i], 1);
  // The exchanges form one chain: -1 and every work-item's value each appear exactly once among
  // the returned values and the final value.
  std::vector<int> seen(n + 1, 0);
  auto count = [&](T value) {
    const long slot = long(value) + 1; // -1 -> 0, work-item i's value -> i + 1
    if (slot >= 0 && slot <= long(n) && T(slot - 1) == value) seen[std::size_t(slot)] += 1;
  };
  for (std::size_t i = 0; i < n; ++i) count(swapped[i]);
  count(c[swap]);
  for (std::size_t k = 0; k <= n; ++k) check::equal("exchange chain", long(k), seen[k], 1);
  sycl::free(c, q);
  sycl::free(tickets, q);
  sycl::free(swapped, q);
}

template <typename T> void run_all_orders(sycl::queue &q, const char *type) {
  using sycl::memory_order;
  for (memory_order order : {memory_order::relaxed, memory_order::acquire, memory_order::release,
                             memory_order::acq_rel, memory_order::seq_cst})
    run<T, memory_order::relaxed>(q, type, order);
  run<T, memory_order::acq_rel>(q, type, memory_order::acq_rel);
  run<T, memory_order::seq_cst>(q, type, memory_order::seq_cst);
}

int main() {
  sycl::queue q;
  run_all_orders<float>(q, "float");
  run_all_orders<double>(q, "double");
  return check::finish();
}
