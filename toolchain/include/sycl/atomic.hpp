// sycl::atomic (SYCL 1.2.1 section 4.12, deprecated by SYCL 2020 but still used): an atomic
// view of an int, unsigned int, long, unsigned long, long long, unsigned long long or float in
// global or local memory, made from a multi_ptr, and the atomic_* free functions. Its operations
// are relaxed (the only order SYCL 1.2.1 has) and are atomic_ref's (atomic_ref.hpp), so they are
// the same LLVM atomic instructions. Accessors in access::mode::atomic return one per element.
#pragma once

#include <type_traits>

#include "access.hpp"
#include "atomic_ref.hpp"
#include "detail/defines.hpp"
#include "memory_model.hpp"
#include "multi_ptr.hpp"

namespace sycl {
inline namespace _V1 {

template <typename T, access::address_space AddressSpace = access::address_space::global_space> class atomic {
  static_assert(detail::atomic_integer_v<T> || std::is_same_v<T, float>,
                "sycl::atomic supports int, unsigned int, long, unsigned long, long long, unsigned long long "
                "and float");
  using ref = atomic_ref<T, memory_order::relaxed, memory_scope::device, AddressSpace>;

public:
  template <typename PointerT, access::decorated D>
  atomic(multi_ptr<PointerT, AddressSpace, D> pointer) : pointer_(pointer.get()) {}

  void store(T operand, memory_order order = memory_order::relaxed) const { ref(*pointer_).store(operand, order); }
  T load(memory_order order = memory_order::relaxed) const { return ref(*pointer_).load(order); }
  T exchange(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*pointer_).exchange(operand, order);
  }
  bool compare_exchange_strong(T &expected, T desired, memory_order success = memory_order::relaxed,
                               memory_order failure = memory_order::relaxed) const {
    return ref(*pointer_).compare_exchange_strong(expected, desired, success, failure);
  }

#define NCPU_ATOMIC_FETCH(name)                                                                     \
  template <typename U = T, typename = std::enable_if_t<detail::atomic_integer_v<U>>>               \
  T name(T operand, memory_order order = memory_order::relaxed) const {                             \
    return ref(*pointer_).name(operand, order);                                                     \
  }
  NCPU_ATOMIC_FETCH(fetch_add)
  NCPU_ATOMIC_FETCH(fetch_sub)
  NCPU_ATOMIC_FETCH(fetch_and)
  NCPU_ATOMIC_FETCH(fetch_or)
  NCPU_ATOMIC_FETCH(fetch_xor)
  NCPU_ATOMIC_FETCH(fetch_min)
  NCPU_ATOMIC_FETCH(fetch_max)
#undef NCPU_ATOMIC_FETCH

private:
  T *pointer_;
};

// The free functions: atomic_load(object), atomic_fetch_add(object, operand) ...
template <typename T, access::address_space S>
void atomic_store(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) {
  object.store(operand, order);
}
template <typename T, access::address_space S> T atomic_load(atomic<T, S> object, memory_order order = memory_order::relaxed) {
  return object.load(order);
}
template <typename T, access::address_space S>
T atomic_exchange(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) {
  return object.exchange(operand, order);
}
template <typename T, access::address_space S>
bool atomic_compare_exchange_strong(atomic<T, S> object, T &expected, T desired,
                                    memory_order success = memory_order::relaxed,
                                    memory_order failure = memory_order::relaxed) {
  return object.compare_exchange_strong(expected, desired, success, failure);
}
#define NCPU_ATOMIC_FREE_FETCH(name)                                                                \
  template <typename T, access::address_space S>                                                    \
  T atomic_##name(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) {     \
    return object.name(operand, order);                                                             \
  }
NCPU_ATOMIC_FREE_FETCH(fetch_add)
NCPU_ATOMIC_FREE_FETCH(fetch_sub)
NCPU_ATOMIC_FREE_FETCH(fetch_and)
NCPU_ATOMIC_FREE_FETCH(fetch_or)
NCPU_ATOMIC_FREE_FETCH(fetch_xor)
NCPU_ATOMIC_FREE_FETCH(fetch_min)
NCPU_ATOMIC_FREE_FETCH(fetch_max)
#undef NCPU_ATOMIC_FREE_FETCH

} // namespace _V1
} // namespace sycl
