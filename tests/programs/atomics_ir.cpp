// One kernel with one atomic operation of each kind, for the device-IR test in
// tests/tests/atomics.rs: each operation has its own constant operand so that the test can find
// its instruction (e.g. fetch_add(3.0f) on a seq_cst float atomic_ref must be
// `atomicrmw fadd ptr %p, float 3.000000e+00 seq_cst`). The program also runs the kernel on one
// work-item and checks every result.
#include <sycl/sycl.hpp>
#include "check.hpp"

using sycl::memory_order;
using sycl::memory_scope;

struct cells {
  float f[2];
  double d[2];
  int i[8];
  unsigned u[1];
  long l[4];
  unsigned long ul[1];
  double *dp;
  int *ip;
};

int main(int argc, char **) {
  sycl::queue q;
  cells *c = sycl::malloc_shared<cells>(1, q);
  long *loaded = sycl::malloc_shared<long>(1, q);
  double array[8];
  int ints[8];
  *c = cells{{1, 100}, {50, 2}, {0, 0, 0, 0, 0, 0, 0, 0}, {100}, {20, 0, 0, 5}, {0}, array, ints + 6};
  c->i[1] = 20;
  c->i[2] = 0xff;
  c->i[6] = 53;
  *loaded = 0;
  // A kernel argument, so the kernel only knows the order at run time.
  const memory_order order = argc > 100 ? memory_order::seq_cst : memory_order::acquire;

  q.single_task([=] {
     sycl::atomic_ref<float, memory_order::seq_cst, memory_scope::device>(c->f[0]).fetch_add(3.0f);
     sycl::atomic_ref<double, memory_order::acq_rel, memory_scope::system>(c->d[0]) -= 5.0;
     sycl::atomic_ref<float, memory_order::relaxed, memory_scope::device>(c->f[1]).fetch_min(7.0f,
                                                                                            memory_order::acquire);
     sycl::atomic_ref<double, memory_order::relaxed, memory_scope::device>(c->d[1]).fetch_max(11.0,
                                                                                             memory_order::release);
     sycl::atomic_fence(memory_order::release, memory_scope::work_item);
     sycl::atomic_ref<int, memory_order::relaxed, memory_scope::work_group>(c->i[0]).fetch_add(13);
     sycl::atomic_ref<long, memory_order::seq_cst, memory_scope::device>(c->l[0]).fetch_sub(17);
     sycl::atomic_fence(memory_order::acquire, memory_scope::device);
     sycl::atomic_ref<int, memory_order::acq_rel, memory_scope::device> bits(c->i[2]);
     bits.fetch_and(19);
     bits.fetch_or(23);
     bits.fetch_xor(29);
     sycl::atomic_ref<int, memory_order::relaxed, memory_scope::device>(c->i[1]).fetch_min(31);
     sycl::atomic_ref<unsigned, memory_order::relaxed, memory_scope::device>(c->u[0]).fetch_min(37u);
     sycl::atomic_ref<long, memory_order::relaxed, memory_scope::device>(c->l[1]).fetch_max(41);
     sycl::atomic_ref<unsigned long, memory_order::relaxed, memory_scope::device>(c->ul[0]).fetch_max(43ul);
     sycl::atomic_ref<int, memory_order::seq_cst, memory_scope::device>(c->i[3]).exchange(47);
     int expected = 0;
     sycl::atomic_ref<int, memory_order::relaxed, memory_scope::device>(c->i[4])
         .compare_exchange_weak(expected, 53, memory_order::acq_rel);
     long expected_long = 0;
     sycl::atomic_ref<long, memory_order::relaxed, memory_scope::system>(c->l[2])
         .compare_exchange_strong(expected_long, 59, memory_order::seq_cst, memory_order::relaxed);
     *loaded = sycl::atomic_ref<long, memory_order::relaxed, memory_scope::device>(c->l[3]).load(memory_order::acquire);
     sycl::atomic_ref<int, memory_order::relaxed, memory_scope::device>(c->i[5]).store(61, memory_order::release);
     sycl::atomic_fence(memory_order::acq_rel, memory_scope::work_group);
     sycl::atomic_ref<double *, memory_order::relaxed, memory_scope::device>(c->dp) += 3;
     sycl::atomic_fence(memory_order::seq_cst, memory_scope::system);
     sycl::atomic_ref<int *, memory_order::relaxed, memory_scope::device>(c->ip).fetch_sub(5);
     sycl::atomic_ref<int, memory_order::relaxed, memory_scope::device>(c->i[6]).fetch_xor(67, order);
   }).wait();

  check::equal("fadd", 0, c->f[0], 4.0f);
  check::equal("fsub", 1, c->d[0], 45.0);
  check::equal("fmin", 2, c->f[1], 7.0f);
  check::equal("fmax", 3, c->d[1], 11.0);
  check::equal("add", 4, c->i[0], 13);
  check::equal("sub", 5, c->l[0], 3L);
  check::equal("and/or/xor", 6, c->i[2], ((0xff & 19) | 23) ^ 29);
  check::equal("min", 7, c->i[1], 20);
  check::equal("umin", 8, c->u[0], 37u);
  check::equal("max", 9, c->l[1], 41L);
  check::equal("umax", 10, c->ul[0], 43ul);
  check::equal("exchange", 11, c->i[3], 47);
  check::equal("compare_exchange_weak", 12, c->i[4] == 53 || c->i[4] == 0, true);
  check::equal("compare_exchange_strong", 13, c->l[2], 59L);
  check::equal("load", 14, *loaded, 5L);
  check::equal("store", 15, c->i[5], 61);
  check::equal("double * +=", 16, c->dp - array, 3);
  check::equal("int * fetch_sub", 17, c->ip - ints, 1);
  check::equal("xor at a run-time order", 18, c->i[6], 53 ^ 67);
  sycl::free(c, q);
  sycl::free(loaded, q);
  return check::finish();
}
