// sycl::atomic_ref and sycl::atomic_fence (SYCL 2020 sections 4.15.3 and 4.15.2), minimal:
// integral types of 4 or 8 bytes, float and double, in any address space.
//
// Implemented with clang's __atomic builtins at the requested order. Scopes are accepted and
// ignored: the builtins are system-wide, which is correct for every narrower scope, and every
// address space is ordinary memory here (one thread runs a whole work-group, so work-group local
// atomics are never contended, but stay correct). Orders that the spec makes undefined for an
// operation (a release load, an acquire store, a release failure order) are strengthened to
// the nearest valid one rather than passed on.
//
// Not implemented yet: pointer specialisations, atomic_ref of 1- or 2-byte types, and
// sycl::atomic (deprecated).
#pragma once

#include <cstddef>
#include <type_traits>

#include "access.hpp"
#include "detail/defines.hpp"
#include "memory_model.hpp"

namespace sycl {
inline namespace _V1 {

namespace detail {
constexpr memory_order read_order(memory_order order) {
  return order == memory_order::acq_rel   ? memory_order::acquire
         : order == memory_order::release ? memory_order::relaxed
                                          : order;
}
constexpr memory_order write_order(memory_order order) {
  return order == memory_order::acq_rel   ? memory_order::release
         : order == memory_order::acquire ? memory_order::relaxed
                                          : order;
}
constexpr int gnu_load_order(memory_order order) {
  // A load cannot release: release is read as relaxed's stronger neighbour, acquire.
  return to_gnu_order(order == memory_order::release || order == memory_order::acq_rel ? memory_order::acquire
                                                                                         : order);
}
constexpr int gnu_store_order(memory_order order) {
  return to_gnu_order(order == memory_order::acquire || order == memory_order::acq_rel ? memory_order::release
                                                                                         : order);
}
constexpr int gnu_failure_order(memory_order order) {
  return to_gnu_order(order == memory_order::release   ? memory_order::relaxed
                      : order == memory_order::acq_rel ? memory_order::acquire
                                                       : order);
}

template <typename T, memory_order DefaultOrder, memory_scope DefaultScope> class atomic_ref_base {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "atomic_ref supports 4- and 8-byte types");

public:
  using value_type = T;
  static constexpr std::size_t required_alignment = sizeof(T);
  static constexpr bool is_always_lock_free = __atomic_always_lock_free(sizeof(T), 0);
  static constexpr memory_order default_read_order = read_order(DefaultOrder);
  static constexpr memory_order default_write_order = write_order(DefaultOrder);
  static constexpr memory_order default_read_modify_write_order = DefaultOrder;
  static constexpr memory_scope default_scope = DefaultScope;

  explicit atomic_ref_base(T &ref) : pointer_(&ref) {}
  atomic_ref_base(const atomic_ref_base &) noexcept = default;
  atomic_ref_base &operator=(const atomic_ref_base &) = delete;

  bool is_lock_free() const noexcept { return is_always_lock_free; }

  void store(T operand, memory_order order = default_write_order, memory_scope = default_scope) const noexcept {
    __atomic_store(pointer_, &operand, gnu_store_order(order));
  }
  T operator=(T desired) const noexcept {
    store(desired);
    return desired;
  }
  T load(memory_order order = default_read_order, memory_scope = default_scope) const noexcept {
    T value;
    __atomic_load(pointer_, &value, gnu_load_order(order));
    return value;
  }
  operator T() const noexcept { return load(); }
  T exchange(T operand, memory_order order = default_read_modify_write_order,
             memory_scope = default_scope) const noexcept {
    T previous;
    __atomic_exchange(pointer_, &operand, &previous, to_gnu_order(order));
    return previous;
  }

  bool compare_exchange_weak(T &expected, T desired, memory_order success, memory_order failure,
                             memory_scope = default_scope) const noexcept {
    return __atomic_compare_exchange(pointer_, &expected, &desired, true, to_gnu_order(success),
                                     gnu_failure_order(failure));
  }
  bool compare_exchange_weak(T &expected, T desired, memory_order order = default_read_modify_write_order,
                             memory_scope scope = default_scope) const noexcept {
    return compare_exchange_weak(expected, desired, order, order, scope);
  }
  bool compare_exchange_strong(T &expected, T desired, memory_order success, memory_order failure,
                               memory_scope = default_scope) const noexcept {
    return __atomic_compare_exchange(pointer_, &expected, &desired, false, to_gnu_order(success),
                                     gnu_failure_order(failure));
  }
  bool compare_exchange_strong(T &expected, T desired, memory_order order = default_read_modify_write_order,
                               memory_scope scope = default_scope) const noexcept {
    return compare_exchange_strong(expected, desired, order, order, scope);
  }

protected:
  // A read-modify-write by compare-exchange: for the operations the builtins lack.
  template <typename Update> T update(Update next, memory_order order) const noexcept {
    T expected = load(memory_order::relaxed);
    while (!compare_exchange_weak(expected, next(expected), order, memory_order::relaxed)) {
    }
    return expected;
  }

  T *pointer_;
};
} // namespace detail

namespace detail {
// Integral types.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope>
class atomic_ref_integral : public atomic_ref_base<T, DefaultOrder, DefaultScope> {
  using base = atomic_ref_base<T, DefaultOrder, DefaultScope>;

public:
  using difference_type = T;
  using base::base;
  using base::operator=;
  using base::default_read_modify_write_order;
  using base::default_scope;

#define NCPU_ATOMIC_FETCH(name, builtin)                                                            \
  T name(T operand, memory_order order = default_read_modify_write_order,                           \
         memory_scope = default_scope) const noexcept {                                             \
    return builtin(this->pointer_, operand, to_gnu_order(order));                                   \
  }
  NCPU_ATOMIC_FETCH(fetch_add, __atomic_fetch_add)
  NCPU_ATOMIC_FETCH(fetch_sub, __atomic_fetch_sub)
  NCPU_ATOMIC_FETCH(fetch_and, __atomic_fetch_and)
  NCPU_ATOMIC_FETCH(fetch_or, __atomic_fetch_or)
  NCPU_ATOMIC_FETCH(fetch_xor, __atomic_fetch_xor)
  NCPU_ATOMIC_FETCH(fetch_min, __atomic_fetch_min)
  NCPU_ATOMIC_FETCH(fetch_max, __atomic_fetch_max)
#undef NCPU_ATOMIC_FETCH

  T operator++(int) const noexcept { return fetch_add(T(1)); }
  T operator--(int) const noexcept { return fetch_sub(T(1)); }
  T operator++() const noexcept { return fetch_add(T(1)) + T(1); }
  T operator--() const noexcept { return fetch_sub(T(1)) - T(1); }
  T operator+=(T operand) const noexcept { return fetch_add(operand) + operand; }
  T operator-=(T operand) const noexcept { return fetch_sub(operand) - operand; }
  T operator&=(T operand) const noexcept { return fetch_and(operand) & operand; }
  T operator|=(T operand) const noexcept { return fetch_or(operand) | operand; }
  T operator^=(T operand) const noexcept { return fetch_xor(operand) ^ operand; }
};

// float and double: add and subtract are atomicrmw fadd/fsub; min and max are compare-exchange
// loops.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope>
class atomic_ref_floating : public atomic_ref_base<T, DefaultOrder, DefaultScope> {
  using base = atomic_ref_base<T, DefaultOrder, DefaultScope>;

public:
  using difference_type = T;
  using base::base;
  using base::operator=;
  using base::default_read_modify_write_order;
  using base::default_scope;

  T fetch_add(T operand, memory_order order = default_read_modify_write_order,
              memory_scope = default_scope) const noexcept {
    return __atomic_fetch_add(this->pointer_, operand, to_gnu_order(order));
  }
  T fetch_sub(T operand, memory_order order = default_read_modify_write_order,
              memory_scope = default_scope) const noexcept {
    return __atomic_fetch_sub(this->pointer_, operand, to_gnu_order(order));
  }
  T fetch_min(T operand, memory_order order = default_read_modify_write_order,
              memory_scope = default_scope) const noexcept {
    return this->update([operand](T current) { return operand < current ? operand : current; }, order);
  }
  T fetch_max(T operand, memory_order order = default_read_modify_write_order,
              memory_scope = default_scope) const noexcept {
    return this->update([operand](T current) { return operand > current ? operand : current; }, order);
  }

  T operator+=(T operand) const noexcept { return fetch_add(operand) + operand; }
  T operator-=(T operand) const noexcept { return fetch_sub(operand) - operand; }
};

template <typename T> inline constexpr bool atomic_integral_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;
template <typename T> inline constexpr bool atomic_floating_v = std::is_same_v<T, float> || std::is_same_v<T, double>;

template <typename T, memory_order DefaultOrder, memory_scope DefaultScope>
using atomic_ref_ops = std::conditional_t<atomic_integral_v<T>, atomic_ref_integral<T, DefaultOrder, DefaultScope>,
                                          atomic_ref_floating<T, DefaultOrder, DefaultScope>>;
} // namespace detail

template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space AddressSpace = access::address_space::generic_space>
class atomic_ref : public detail::atomic_ref_ops<T, DefaultOrder, DefaultScope> {
  static_assert(detail::atomic_integral_v<T> || detail::atomic_floating_v<T>,
                "atomic_ref supports integral types of 4 or 8 bytes, float and double");
  using ops = detail::atomic_ref_ops<T, DefaultOrder, DefaultScope>;

public:
  static constexpr access::address_space address_space = AddressSpace;
  using ops::ops;
  using ops::operator=;
};

// A fence between the calling work-item's memory operations, at `order`.
inline void atomic_fence(memory_order order, memory_scope) {
  __atomic_thread_fence(detail::to_gnu_order(order));
}

} // namespace _V1
} // namespace sycl
