// compare_exchange_weak/strong (both overloads), exchange, and atomic_ref of pointers, in global
// (USM) memory contended by every work-item of a range kernel:
// * a maximum (long) and a product modulo 2^32 (unsigned int) computed with compare-exchange
//   loops, which commute, so the results are exact;
// * an election: work-items race to claim slots with a strong compare-exchange from -1; each
//   slot has exactly one winner, and every loser's `expected` holds the winner's id;
// * a bump allocator: atomic_ref<int *>::fetch_add reserves 1 to 3 ints per work-item from a
//   pool, and a compare-exchange loop on a second cursor does the same; both pools must end up
//   exactly full with every int written once; double * pointers moved with ++, --, += and -=
//   must end where they started; and a pointer exchange chain.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <cstdint>
#include <vector>

constexpr std::size_t n = 1 << 18;
constexpr std::size_t slots = 61;
// Each work-item multiplies the shared product this many times, so that most of that kernel's
// time goes to contended compare-exchange loops.
constexpr std::size_t factors_per_item = 8;

std::size_t reservation(std::size_t i) { return i % 3 + 1; }
long long_value(std::size_t i) { return long((i * 2654435761u) % 1000003) - 500000; }
unsigned odd_factor(std::size_t i) { return unsigned(i * 2 + 1) * 2654435761u | 1u; }

void compare_exchange_loops(sycl::queue &q, sycl::memory_order order) {
  long *max = sycl::malloc_shared<long>(1, q);
  unsigned *product = sycl::malloc_shared<unsigned>(1, q);
  *max = -1000000;
  *product = 1;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     const std::size_t i = id[0];
     sycl::atomic_ref<long, sycl::memory_order::relaxed, sycl::memory_scope::device> m(*max);
     const long v = long_value(i);
     long seen = m.load();
     while (seen < v && !m.compare_exchange_weak(seen, v, order)) {
     }
     sycl::atomic_ref<unsigned, sycl::memory_order::seq_cst, sycl::memory_scope::system> p(*product);
     for (std::size_t r = 0; r < factors_per_item; ++r) {
       const unsigned factor = odd_factor(i * factors_per_item + r);
       unsigned expected = p.load(sycl::memory_order::acquire);
       while (!p.compare_exchange_strong(expected, expected * factor, order, sycl::memory_order::acquire)) {
       }
     }
   }).wait();
  long expected_max = -1000000;
  unsigned expected_product = 1;
  for (std::size_t i = 0; i < n; ++i) {
    expected_max = long_value(i) > expected_max ? long_value(i) : expected_max;
    for (std::size_t r = 0; r < factors_per_item; ++r) expected_product *= odd_factor(i * factors_per_item + r);
  }
  check::equal("cas max", int(order), *max, expected_max);
  check::equal("cas product", int(order), *product, expected_product);
  sycl::free(max, q);
  sycl::free(product, q);
}

void election(sycl::queue &q) {
  int *slot = sycl::malloc_shared<int>(slots, q);
  int *won = sycl::malloc_shared<int>(n, q);
  int *found = sycl::malloc_shared<int>(n, q); // a loser's `expected` after its failed exchange
  for (std::size_t s = 0; s < slots; ++s) slot[s] = -1;
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     const int i = int(id[0]);
     sycl::atomic_ref<int, sycl::memory_order::acq_rel, sycl::memory_scope::device> claim(slot[i % slots]);
     int expected = -1;
     won[i] = claim.compare_exchange_strong(expected, i) ? 1 : 0;
     found[i] = expected;
   }).wait();
  std::vector<int> winners(slots, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t s = i % slots;
    if (won[i]) {
      winners[s] += 1;
      check::equal("winner owns its slot", long(i), slot[s], int(i));
      check::equal("winner's expected", long(i), found[i], -1);
    } else {
      check::equal("loser's expected", long(i), found[i], slot[s]);
    }
  }
  for (std::size_t s = 0; s < slots; ++s) check::equal("winners per slot", long(s), winners[s], 1);
  sycl::free(slot, q);
  sycl::free(won, q);
  sycl::free(found, q);
}

// Every int of the pool belongs to one work-item, which owns reservation(i) of them.
void check_pool(const char *what, const int *pool, std::size_t total) {
  std::vector<std::size_t> owned(n, 0);
  for (std::size_t k = 0; k < total; ++k) {
    if (pool[k] < 0 || std::size_t(pool[k]) >= n)
      check::equal(what, long(k), pool[k], 0);
    else
      owned[std::size_t(pool[k])] += 1;
  }
  for (std::size_t i = 0; i < n; ++i) check::equal(what, long(i), owned[i], reservation(i));
}

void pointers(sycl::queue &q) {
  std::size_t total = 0;
  for (std::size_t i = 0; i < n; ++i) total += reservation(i);
  int *pool = sycl::malloc_shared<int>(2 * total, q); // two pools: fetch_add's, compare-exchange's
  int **cursor = sycl::malloc_shared<int *>(2, q);
  double *array = sycl::malloc_shared<double>(16, q);
  double **walker = sycl::malloc_shared<double *>(1, q);
  int **chain = sycl::malloc_shared<int *>(n + 1, q); // [0]: the shared pointer; [1 + i]: what i got back
  for (std::size_t k = 0; k < 2 * total; ++k) pool[k] = -1;
  cursor[0] = pool;
  cursor[1] = pool + total;
  *walker = array + 8;
  chain[0] = nullptr;

  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> id) {
     const std::size_t i = id[0];
     const std::ptrdiff_t size = std::ptrdiff_t(reservation(i));
     using int_pointer = sycl::atomic_ref<int *, sycl::memory_order::relaxed, sycl::memory_scope::device,
                                          sycl::access::address_space::global_space>;
     int *mine = int_pointer(cursor[0]).fetch_add(size);
     for (std::ptrdiff_t k = 0; k < size; ++k) mine[k] = int(i);

     int_pointer by_exchange(cursor[1]);
     int *old = by_exchange.load(sycl::memory_order::acquire);
     while (!by_exchange.compare_exchange_weak(old, old + size, sycl::memory_order::acq_rel,
                                               sycl::memory_order::relaxed)) {
     }
     for (std::ptrdiff_t k = 0; k < size; ++k) old[k] = int(i);

     using double_pointer = sycl::atomic_ref<double *, sycl::memory_order::seq_cst, sycl::memory_scope::system>;
     double_pointer w(*walker);
     switch (i % 4) {
     case 0: w++, w--; break;
     case 1: ++w, --w; break;
     case 2: w += 3, w -= 3; break;
     default: w.fetch_sub(2), w.fetch_add(2); break;
     }

     chain[1 + i] = int_pointer(chain[0]).exchange(pool + i);
   }).wait();

  check::equal("fetch_add cursor", 0, long(cursor[0] - pool), long(total));
  check::equal("compare-exchange cursor", 0, long(cursor[1] - pool), long(2 * total));
  check_pool("fetch_add pool", pool, total);
  check_pool("compare-exchange pool", pool + total, total);
  check::equal("walker", 0, long(*walker - array), 8);

  // chain[1..n] and the final chain[0] hold nullptr and pool + 0 .. pool + n-1, each once.
  std::vector<int> seen(n + 1, 0);
  for (std::size_t k = 0; k <= n; ++k) {
    const long slot = chain[k] == nullptr ? 0 : long(chain[k] - pool) + 1;
    if (slot >= 0 && slot <= long(n)) seen[std::size_t(slot)] += 1;
  }
  for (std::size_t k = 0; k <= n; ++k) check::equal("pointer exchange chain", long(k), seen[k], 1);
  for (void *p : {(void *)pool, (void *)cursor, (void *)array, (void *)walker, (void *)chain}) sycl::free(p, q);
}

int main() {
  sycl::queue q;
  using sycl::memory_order;
  for (memory_order order : {memory_order::relaxed, memory_order::acquire, memory_order::release,
                             memory_order::acq_rel, memory_order::seq_cst})
    compare_exchange_loops(q, order);
  election(q);
  pointers(q);
  return check::finish();
}
