// The atomic capabilities the device and context report (every memory order and every memory
// scope, for atomic operations and for fences), aspect::atomic64, and atomic_ref's static
// members (required_alignment, is_always_lock_free, the default orders and scope) and
// is_lock_free, read inside a kernel.
#include <sycl/sycl.hpp>
#include "check.hpp"
#include <algorithm>
#include <vector>

using sycl::memory_order;
using sycl::memory_scope;

const std::vector<memory_order> orders = {memory_order::relaxed, memory_order::acquire, memory_order::release,
                                          memory_order::acq_rel, memory_order::seq_cst};
const std::vector<memory_scope> scopes = {memory_scope::work_item, memory_scope::sub_group,
                                          memory_scope::work_group, memory_scope::device, memory_scope::system};

// `got` lists each of `all` exactly once (in any order) and nothing else.
template <typename T> void same_set(const char *what, const std::vector<T> &got, const std::vector<T> &all) {
  check::equal(what, -1, got.size(), all.size());
  for (std::size_t k = 0; k < all.size(); ++k)
    check::equal(what, long(k), std::count(got.begin(), got.end(), all[k]), 1);
}

template <typename T, memory_order Order, memory_scope Scope> struct static_members {
  using atomic = sycl::atomic_ref<T, Order, Scope>;
  static_assert(std::is_same_v<typename atomic::value_type, T>);
  static_assert(atomic::required_alignment == alignof(T));
  static_assert(atomic::is_always_lock_free);
  static_assert(atomic::default_read_modify_write_order == Order);
  static_assert(atomic::default_read_order == (Order == memory_order::acq_rel ? memory_order::acquire : Order));
  static_assert(atomic::default_write_order == (Order == memory_order::acq_rel ? memory_order::release : Order));
  static_assert(atomic::default_scope == Scope);
};
template struct static_members<int, memory_order::relaxed, memory_scope::work_group>;
template struct static_members<unsigned long, memory_order::acq_rel, memory_scope::device>;
template struct static_members<double, memory_order::seq_cst, memory_scope::system>;
template struct static_members<float *, memory_order::acq_rel, memory_scope::sub_group>;
static_assert(std::is_same_v<sycl::atomic_ref<int *, memory_order::relaxed, memory_scope::device>::difference_type,
                             std::ptrdiff_t>);
static_assert(std::is_same_v<sycl::atomic_ref<float, memory_order::relaxed, memory_scope::device>::difference_type,
                             float>);

int main() {
  sycl::queue q;
  const sycl::device device = q.get_device();
  same_set("device atomic_memory_order_capabilities",
           device.get_info<sycl::info::device::atomic_memory_order_capabilities>(), orders);
  same_set("device atomic_fence_order_capabilities",
           device.get_info<sycl::info::device::atomic_fence_order_capabilities>(), orders);
  same_set("device atomic_memory_scope_capabilities",
           device.get_info<sycl::info::device::atomic_memory_scope_capabilities>(), scopes);
  same_set("device atomic_fence_scope_capabilities",
           device.get_info<sycl::info::device::atomic_fence_scope_capabilities>(), scopes);
  const sycl::context context = q.get_context();
  same_set("context atomic_memory_order_capabilities",
           context.get_info<sycl::info::context::atomic_memory_order_capabilities>(), orders);
  same_set("context atomic_fence_order_capabilities",
           context.get_info<sycl::info::context::atomic_fence_order_capabilities>(), orders);
  same_set("context atomic_memory_scope_capabilities",
           context.get_info<sycl::info::context::atomic_memory_scope_capabilities>(), scopes);
  same_set("context atomic_fence_scope_capabilities",
           context.get_info<sycl::info::context::atomic_fence_scope_capabilities>(), scopes);
  check::equal("aspect::atomic64", 0, device.has(sycl::aspect::atomic64), true);

  int *lock_free = sycl::malloc_shared<int>(6, q);
  long *storage = sycl::malloc_shared<long>(1, q);
  q.single_task([=] {
     int i = 0;
     double d = 0;
     int *p = nullptr;
     lock_free[0] = sycl::atomic_ref<int, memory_order::relaxed, memory_scope::device>(i).is_lock_free();
     lock_free[1] = sycl::atomic_ref<long, memory_order::relaxed, memory_scope::device>(*storage).is_lock_free();
     lock_free[2] = sycl::atomic_ref<double, memory_order::seq_cst, memory_scope::system>(d).is_lock_free();
     lock_free[3] = sycl::atomic_ref<int *, memory_order::acq_rel, memory_scope::work_group>(p).is_lock_free();
     // A copy refers to the same object.
     sycl::atomic_ref<long, memory_order::relaxed, memory_scope::device> original(*storage);
     sycl::atomic_ref<long, memory_order::relaxed, memory_scope::device> copy(original);
     copy = 41;
     lock_free[4] = int(++original);
     lock_free[5] = int(long(copy));
   }).wait();
  for (int k = 0; k < 4; ++k) check::equal("is_lock_free", k, lock_free[k], 1);
  check::equal("copied atomic_ref", 4, lock_free[4], 42);
  check::equal("copied atomic_ref", 5, lock_free[5], 42);
  check::equal("copied atomic_ref", 6, *storage, 42L);
  sycl::free(lock_free, q);
  sycl::free(storage, q);
  return check::finish();
}
