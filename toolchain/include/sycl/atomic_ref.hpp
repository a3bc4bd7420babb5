// sycl::atomic_ref (SYCL 2020 section 4.15.3): atomic operations on an object that lives in
// ordinary memory, for int, unsigned int, long, unsigned long, long long, unsigned long long,
// float, double and pointer types, in the generic, global and local address spaces.
//
// Every operation is one of clang's __scoped_atomic builtins, so it becomes a real LLVM atomic
// instruction: a load or store atomic, atomicrmw (add, sub, and, or, xor, min/max or umin/umax,
// xchg, and fadd, fsub, fmin, fmax for float and double) or cmpxchg. The memory order goes to
// the builtin as its order operand: a constant once the call is inlined with a constant order
// (the template's default order, or a literal argument), and clang's switch over the five orders
// when it is only known at run time. The memory scope goes to the builtin as its scope operand;
// on CPU targets clang gives every scope LLVM's system scope, which is what device and system
// scopes need (work-groups run on several threads at once) and is correct, if stronger than
// necessary, for the narrower ones.
//
// Orders that the specification does not allow for an operation (a release or acq_rel load, an
// acquire or acq_rel store, a release or acq_rel compare-exchange failure order) are mapped to
// the order C++ uses for the one-order compare-exchange: the load takes acquire, the store
// release, the failure order relaxed or acquire.
//
// Not implemented: atomic_ref of 1- or 2-byte types (not in SYCL 2020). The deprecated
// sycl::atomic class is in atomic.hpp.
#pragma once

#include <cstddef>
#include <type_traits>

#include "access.hpp"
#include "detail/defines.hpp"
#include "memory_model.hpp"

namespace sycl {
inline namespace _V1 {

namespace detail {
template <typename T>
inline constexpr bool atomic_integer_v =
    std::is_same_v<T, int> || std::is_same_v<T, unsigned int> || std::is_same_v<T, long> ||
    std::is_same_v<T, unsigned long> || std::is_same_v<T, long long> || std::is_same_v<T, unsigned long long>;
template <typename T> inline constexpr bool atomic_floating_point_v = std::is_same_v<T, float> || std::is_same_v<T, double>;

// The order of an operation that only reads, only writes, or of a failed compare-exchange.
constexpr memory_order load_order(memory_order order) {
  return order == memory_order::release || order == memory_order::acq_rel ? memory_order::acquire : order;
}
constexpr memory_order store_order(memory_order order) {
  return order == memory_order::acquire || order == memory_order::acq_rel ? memory_order::release : order;
}
constexpr memory_order failure_order(memory_order order) {
  return order == memory_order::release   ? memory_order::relaxed
         : order == memory_order::acq_rel ? memory_order::acquire
                                          : order;
}

// What every atomic_ref has: loads, stores, exchange and compare-exchange.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope> class atomic_ref_base {
  static_assert(DefaultOrder == memory_order::relaxed || DefaultOrder == memory_order::acq_rel ||
                    DefaultOrder == memory_order::seq_cst,
                "the default order of an atomic_ref is relaxed, acq_rel or seq_cst");

public:
  using value_type = T;
  static constexpr std::size_t required_alignment = sizeof(T);
  static constexpr bool is_always_lock_free = __atomic_always_lock_free(sizeof(T), 0);
  static constexpr memory_order default_read_order = load_order(DefaultOrder);
  static constexpr memory_order default_write_order = store_order(DefaultOrder);
  static constexpr memory_order default_read_modify_write_order = DefaultOrder;
  static constexpr memory_scope default_scope = DefaultScope;

  // `ref` must be aligned to required_alignment.
  explicit atomic_ref_base(T &ref) : pointer_(&ref) {}
  atomic_ref_base(const atomic_ref_base &) noexcept = default;
  atomic_ref_base &operator=(const atomic_ref_base &) = delete;

  bool is_lock_free() const noexcept { return is_always_lock_free; }

  void store(T operand, memory_order order = default_write_order, memory_scope scope = default_scope) const noexcept {
    __scoped_atomic_store(pointer_, &operand, to_gnu_order(store_order(order)), to_gnu_scope(scope));
  }
  T operator=(T desired) const noexcept {
    store(desired);
    return desired;
  }

  T load(memory_order order = default_read_order, memory_scope scope = default_scope) const noexcept {
    T value;
    __scoped_atomic_load(pointer_, &value, to_gnu_order(load_order(order)), to_gnu_scope(scope));
    return value;
  }
  operator T() const noexcept { return load(); }

  T exchange(T operand, memory_order order = default_read_modify_write_order,
             memory_scope scope = default_scope) const noexcept {
    T previous;
    __scoped_atomic_exchange(pointer_, &operand, &previous, to_gnu_order(order), to_gnu_scope(scope));
    return previous;
  }

  // On failure, `expected` receives the value found.
  bool compare_exchange_weak(T &expected, T desired, memory_order success, memory_order failure,
                             memory_scope scope = default_scope) const noexcept {
    return __scoped_atomic_compare_exchange(pointer_, &expected, &desired, true, to_gnu_order(success),
                                            to_gnu_order(failure_order(failure)), to_gnu_scope(scope));
  }
  bool compare_exchange_weak(T &expected, T desired, memory_order order = default_read_modify_write_order,
                             memory_scope scope = default_scope) const noexcept {
    return compare_exchange_weak(expected, desired, order, order, scope);
  }
  bool compare_exchange_strong(T &expected, T desired, memory_order success, memory_order failure,
                               memory_scope scope = default_scope) const noexcept {
    return __scoped_atomic_compare_exchange(pointer_, &expected, &desired, false, to_gnu_order(success),
                                            to_gnu_order(failure_order(failure)), to_gnu_scope(scope));
  }
  bool compare_exchange_strong(T &expected, T desired, memory_order order = default_read_modify_write_order,
                               memory_scope scope = default_scope) const noexcept {
    return compare_exchange_strong(expected, desired, order, order, scope);
  }

protected:
  T *pointer_;
};

// Arithmetic types: add, subtract, minimum and maximum read-modify-writes (signed or unsigned as
// T is). For float and double these are atomicrmw fadd, fsub, fmin and fmax; minimum and maximum
// follow LLVM's minnum/maxnum: a NaN operand or stored value yields the other one.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope>
class atomic_ref_arithmetic : public atomic_ref_base<T, DefaultOrder, DefaultScope> {
  using base = atomic_ref_base<T, DefaultOrder, DefaultScope>;

public:
  using difference_type = T;
  using base::base;
  using base::operator=;
  using base::default_read_modify_write_order;
  using base::default_scope;

  T fetch_add(T operand, memory_order order = default_read_modify_write_order,
              memory_scope scope = default_scope) const noexcept {
    return __scoped_atomic_fetch_add(this->pointer_, operand, to_gnu_order(order), to_gnu_scope(scope));
  }
  T fetch_sub(T operand, memory_order order = default_read_modify_write_order,
              memory_scope scope = default_scope) const noexcept {
    return __scoped_atomic_fetch_sub(this->pointer_, operand, to_gnu_order(order), to_gnu_scope(scope));
  }
  T fetch_min(T operand, memory_order order = default_read_modify_write_order,
              memory_scope scope = default_scope) const noexcept {
    return __scoped_atomic_fetch_min(this->pointer_, operand, to_gnu_order(order), to_gnu_scope(scope));
  }
  T fetch_max(T operand, memory_order order = default_read_modify_write_order,
              memory_scope scope = default_scope) const noexcept {
    return __scoped_atomic_fetch_max(this->pointer_, operand, to_gnu_order(order), to_gnu_scope(scope));
  }

  T operator+=(T operand) const noexcept { return fetch_add(operand) + operand; }
  T operator-=(T operand) const noexcept { return fetch_sub(operand) - operand; }
};

// Integers: the arithmetic ones, bitwise read-modify-writes, increments and decrements.
template <typename T, memory_order DefaultOrder, memory_scope DefaultScope>
class atomic_ref_integer : public atomic_ref_arithmetic<T, DefaultOrder, DefaultScope> {
  using base = atomic_ref_arithmetic<T, DefaultOrder, DefaultScope>;

public:
  using base::base;
  using base::operator=;
  using base::default_read_modify_write_order;
  using base::default_scope;
  using base::fetch_add;
  using base::fetch_sub;

  T fetch_and(T operand, memory_order order = default_read_modify_write_order,
              memory_scope scope = default_scope) const noexcept {
    return __scoped_atomic_fetch_and(this->pointer_, operand, to_gnu_order(order), to_gnu_scope(scope));
  }
  T fetch_or(T operand, memory_order order = default_read_modify_write_order,
             memory_scope scope = default_scope) const noexcept {
    return __scoped_atomic_fetch_or(this->pointer_, operand, to_gnu_order(order), to_gnu_scope(scope));
  }
  T fetch_xor(T operand, memory_order order = default_read_modify_write_order,
              memory_scope scope = default_scope) const noexcept {
    return __scoped_atomic_fetch_xor(this->pointer_, operand, to_gnu_order(order), to_gnu_scope(scope));
  }

  T operator++(int) const noexcept { return fetch_add(T(1)); }
  T operator--(int) const noexcept { return fetch_sub(T(1)); }
  T operator++() const noexcept { return fetch_add(T(1)) + T(1); }
  T operator--() const noexcept { return fetch_sub(T(1)) - T(1); }
  T operator&=(T operand) const noexcept { return fetch_and(operand) & operand; }
  T operator|=(T operand) const noexcept { return fetch_or(operand) | operand; }
  T operator^=(T operand) const noexcept { return fetch_xor(operand) ^ operand; }
};

// Pointers: pointer arithmetic in elements of the pointee. The builtins add bytes to a pointer,
// so the element count is scaled here.
template <typename Pointer, memory_order DefaultOrder, memory_scope DefaultScope>
class atomic_ref_pointer : public atomic_ref_base<Pointer, DefaultOrder, DefaultScope> {
  using base = atomic_ref_base<Pointer, DefaultOrder, DefaultScope>;
  using pointee = std::remove_pointer_t<Pointer>;

  static std::ptrdiff_t bytes(std::ptrdiff_t elements) {
    static_assert(std::is_object_v<pointee>, "atomic_ref pointer arithmetic needs a pointer to an object type");
    return elements * static_cast<std::ptrdiff_t>(sizeof(pointee));
  }

public:
  using difference_type = std::ptrdiff_t;
  using base::base;
  using base::operator=;
  using base::default_read_modify_write_order;
  using base::default_scope;

  Pointer fetch_add(difference_type operand, memory_order order = default_read_modify_write_order,
                    memory_scope scope = default_scope) const noexcept {
    return __scoped_atomic_fetch_add(this->pointer_, bytes(operand), to_gnu_order(order), to_gnu_scope(scope));
  }
  Pointer fetch_sub(difference_type operand, memory_order order = default_read_modify_write_order,
                    memory_scope scope = default_scope) const noexcept {
    return __scoped_atomic_fetch_sub(this->pointer_, bytes(operand), to_gnu_order(order), to_gnu_scope(scope));
  }

  Pointer operator++(int) const noexcept { return fetch_add(1); }
  Pointer operator--(int) const noexcept { return fetch_sub(1); }
  Pointer operator++() const noexcept { return fetch_add(1) + 1; }
  Pointer operator--() const noexcept { return fetch_sub(1) - 1; }
  Pointer operator+=(difference_type operand) const noexcept { return fetch_add(operand) + operand; }
  Pointer operator-=(difference_type operand) const noexcept { return fetch_sub(operand) - operand; }
};

template <typename T, memory_order DefaultOrder, memory_scope DefaultScope>
using atomic_ref_operations =
    std::conditional_t<std::is_pointer_v<T>, atomic_ref_pointer<T, DefaultOrder, DefaultScope>,
                       std::conditional_t<atomic_floating_point_v<T>,
                                          atomic_ref_arithmetic<T, DefaultOrder, DefaultScope>,
                                          atomic_ref_integer<T, DefaultOrder, DefaultScope>>>;
} // namespace detail

template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space AddressSpace = access::address_space::generic_space>
class atomic_ref : public detail::atomic_ref_operations<T, DefaultOrder, DefaultScope> {
  static_assert(detail::atomic_integer_v<T> || detail::atomic_floating_point_v<T> || std::is_pointer_v<T>,
                "atomic_ref supports int, unsigned int, long, unsigned long, long long, unsigned long long, "
                "float, double and pointers");
  static_assert(AddressSpace == access::address_space::generic_space ||
                    AddressSpace == access::address_space::global_space ||
                    AddressSpace == access::address_space::local_space,
                "atomic_ref's address space is generic_space, global_space or local_space");
  using operations = detail::atomic_ref_operations<T, DefaultOrder, DefaultScope>;

public:
  static constexpr access::address_space address_space = AddressSpace;
  using operations::operations;
  using operations::operator=;
};

} // namespace _V1
} // namespace sycl
