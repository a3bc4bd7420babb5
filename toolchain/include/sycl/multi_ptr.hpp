// sycl::multi_ptr (SYCL 2020 section 4.7.7.1), minimal: a raw pointer tagged with an address
// space, which is what group_local_memory and local_accessor::get_multi_ptr return.
//
// Every address space is ordinary memory on this device, so "decorated" and "raw" pointers are
// the same type and every conversion is free. Implemented: construction from a raw pointer or
// nullptr or from an accessor of the address space, get/get_raw/get_decorated, implicit conversion
// to the element pointer (as the legacy form has), *, ->, [], pointer arithmetic and comparisons,
// the local_ptr/global_ptr/private_ptr/constant_ptr aliases and the raw_/decorated_ ones of every
// space, address_space_cast and the deprecated make_ptr, the deduction guides from accessors, the
// legacy form's assignment of a raw pointer and its constructors from constant-buffer and local
// accessors; the implicit conversions to const elements, to another decoration and to the generic
// space, and DPC++'s ext::intel::device_ptr/host_ptr with their conversion to the global space;
// multi_ptr<void> and multi_ptr<const void>, made from any multi_ptr of the same address space or
// an accessor of it and explicitly convertible back; prefetch, a hint to the CPU's caches.
#pragma once

#include <cstddef>
#include <functional>
#include <iterator>
#include <type_traits>

#include "access.hpp"
#include "detail/accessor_declaration.hpp"
#include "detail/defines.hpp"

namespace sycl {
inline namespace _V1 {

template <typename DataT, int Dims> class local_accessor;
template <typename ElementType, access::address_space Space, access::decorated DecorateAddress> class multi_ptr;

namespace detail {
// Whether a multi_ptr of `From` elements in `FromSpace` converts implicitly to one of `To` in
// `ToSpace` (SYCL 2020 4.7.7.1; the device and host parts of the global space are DPC++'s), other
// than to itself.
template <typename From, access::address_space FromSpace, access::decorated FromDecoration, typename To,
          access::address_space ToSpace, access::decorated ToDecoration>
inline constexpr bool multi_ptr_converts =
    !std::is_void_v<To> && (std::is_same_v<To, From> || std::is_same_v<To, const From>) &&
    (ToSpace == FromSpace ||
     (ToSpace == access::address_space::generic_space && FromSpace != access::address_space::constant_space) ||
     (ToSpace == access::address_space::global_space &&
      (FromSpace == access::address_space::ext_intel_global_device_space ||
       FromSpace == access::address_space::ext_intel_global_host_space))) &&
    !(std::is_same_v<To, From> && ToSpace == FromSpace && ToDecoration == FromDecoration);

inline constexpr bool is_global_space(access::address_space space) {
  return space == access::address_space::global_space || space == access::address_space::generic_space ||
         space == access::address_space::ext_intel_global_device_space;
}
// Whether a buffer accessor of `accessor_target` points into `space`.
inline constexpr bool accessor_in_space(target accessor_target, access::address_space space) {
  return (accessor_target == target::device && is_global_space(space)) ||
         (accessor_target == target::constant_buffer && space == access::address_space::constant_space);
}

// The comparisons of a multi_ptr (SYCL 2020 4.7.7.1), typed or void, by its address and against
// nullptr on either side; `Pointer` derives from this and has get().
template <typename Pointer> class pointer_comparisons {
  static bool less(const volatile void *a, const volatile void *b) { return std::less<const volatile void *>()(a, b); }

public:
  friend bool operator==(const Pointer &a, const Pointer &b) { return a.get() == b.get(); }
  friend bool operator!=(const Pointer &a, const Pointer &b) { return !(a == b); }
  friend bool operator<(const Pointer &a, const Pointer &b) { return less(a.get(), b.get()); }
  friend bool operator>(const Pointer &a, const Pointer &b) { return b < a; }
  friend bool operator<=(const Pointer &a, const Pointer &b) { return !(b < a); }
  friend bool operator>=(const Pointer &a, const Pointer &b) { return !(a < b); }
  friend bool operator==(const Pointer &a, std::nullptr_t) { return a.get() == nullptr; }
  friend bool operator!=(const Pointer &a, std::nullptr_t) { return a.get() != nullptr; }
  friend bool operator==(std::nullptr_t, const Pointer &a) { return a.get() == nullptr; }
  friend bool operator!=(std::nullptr_t, const Pointer &a) { return a.get() != nullptr; }
  friend bool operator<(const Pointer &a, std::nullptr_t) { return less(a.get(), nullptr); }
  friend bool operator<(std::nullptr_t, const Pointer &a) { return less(nullptr, a.get()); }
  friend bool operator>(const Pointer &a, std::nullptr_t) { return nullptr < a; }
  friend bool operator>(std::nullptr_t, const Pointer &a) { return a < nullptr; }
  friend bool operator<=(const Pointer &a, std::nullptr_t) { return !(nullptr < a); }
  friend bool operator<=(std::nullptr_t, const Pointer &a) { return !(a < nullptr); }
  friend bool operator>=(const Pointer &a, std::nullptr_t) { return !(a < nullptr); }
  friend bool operator>=(std::nullptr_t, const Pointer &a) { return !(nullptr < a); }
};
} // namespace detail

template <typename ElementType, access::address_space Space,
          access::decorated DecorateAddress = access::decorated::legacy>
class multi_ptr : public detail::pointer_comparisons<multi_ptr<ElementType, Space, DecorateAddress>> {
public:
  using value_type = ElementType;
  using element_type = ElementType;
  using difference_type = std::ptrdiff_t;
  using pointer = ElementType *;
  using reference = ElementType &;
  using iterator_category = std::random_access_iterator_tag;
  // The legacy form's names (SYCL 2020 4.7.7.2).
  using pointer_t = ElementType *;
  using const_pointer_t = const ElementType *;
  using reference_t = ElementType &;
  using const_reference_t = const ElementType &;
  static constexpr bool is_decorated = DecorateAddress == access::decorated::yes;
  static constexpr access::address_space address_space = Space;

  multi_ptr() = default;
  multi_ptr(std::nullptr_t) {}
  template <access::decorated D = DecorateAddress, std::enable_if_t<D != access::decorated::legacy, int> = 0>
  explicit multi_ptr(ElementType *pointer) : pointer_(pointer) {}
  // The legacy form converts from a raw pointer implicitly, as SYCL 1.2.1's did (SYCL 2020
  // 4.7.7.2): `sycl::global_ptr<T> p = raw;` (oneDPL writes it).
  template <access::decorated D = DecorateAddress, std::enable_if_t<D == access::decorated::legacy, int> = 0>
  multi_ptr(ElementType *pointer) : pointer_(pointer) {}
  // From the accessors of the address space: a device accessor (global, generic or DPC++'s device
  // space) or a local accessor (local or generic space), of ElementType with or without const.
  template <typename DataT, int Dims, access_mode Mode, access::placeholder P, access::address_space S = Space,
            std::enable_if_t<std::is_same_v<std::remove_const_t<DataT>, std::remove_const_t<ElementType>> &&
                                 detail::is_global_space(S),
                             int> = 0>
  multi_ptr(accessor<DataT, Dims, Mode, target::device, P> source) : pointer_(source.get_pointer()) {}
  template <typename DataT, int Dims, access::address_space S = Space,
            std::enable_if_t<std::is_same_v<std::remove_const_t<DataT>, std::remove_const_t<ElementType>> &&
                                 (S == access::address_space::local_space || S == access::address_space::generic_space),
                             int> = 0>
  multi_ptr(local_accessor<DataT, Dims> source) : pointer_(source.get_pointer()) {}
  // The legacy constant space's accessor (SYCL 2020 4.7.7.2).
  template <typename DataT, int Dims, access_mode Mode, access::placeholder P, access::address_space S = Space,
            std::enable_if_t<std::is_same_v<std::remove_const_t<DataT>, std::remove_const_t<ElementType>> &&
                                 S == access::address_space::constant_space,
                             int> = 0>
  multi_ptr(accessor<DataT, Dims, Mode, target::constant_buffer, P> source) : pointer_(source.get_pointer()) {}

  // The legacy form's assignment of a raw pointer (SYCL 2020 4.7.7.2).
  template <access::decorated D = DecorateAddress, typename = std::enable_if_t<D == access::decorated::legacy>>
  multi_ptr &operator=(ElementType *pointer) {
    pointer_ = pointer;
    return *this;
  }

  ElementType *get() const { return pointer_; }
  ElementType *get_raw() const { return pointer_; }
  ElementType *get_decorated() const { return pointer_; }
  operator ElementType *() const { return pointer_; }
  template <typename To, access::address_space ToSpace, access::decorated ToDecoration,
            std::enable_if_t<detail::multi_ptr_converts<ElementType, Space, DecorateAddress, To, ToSpace, ToDecoration>,
                             int> = 0>
  operator multi_ptr<To, ToSpace, ToDecoration>() const {
    return multi_ptr<To, ToSpace, ToDecoration>(pointer_);
  }

  reference operator*() const { return *pointer_; }
  pointer operator->() const { return pointer_; }
  reference operator[](difference_type index) const { return pointer_[index]; }

  // Brings the first `elements` elements towards the CPU's caches: a hint, as on every device.
  template <access::address_space S = Space, typename = std::enable_if_t<detail::is_global_space(S)>>
  void prefetch(std::size_t elements) const noexcept {
    const char *bytes = reinterpret_cast<const char *>(pointer_);
    for (std::size_t offset = 0; offset < elements * sizeof(ElementType); offset += 64)
      __builtin_prefetch(bytes + offset);
  }

  multi_ptr &operator++() {
    ++pointer_;
    return *this;
  }
  multi_ptr operator++(int) { return multi_ptr(pointer_++); }
  multi_ptr &operator--() {
    --pointer_;
    return *this;
  }
  multi_ptr operator--(int) { return multi_ptr(pointer_--); }
  multi_ptr &operator+=(difference_type n) {
    pointer_ += n;
    return *this;
  }
  multi_ptr &operator-=(difference_type n) {
    pointer_ -= n;
    return *this;
  }
  friend multi_ptr operator+(const multi_ptr &p, difference_type n) { return multi_ptr(p.pointer_ + n); }
  friend multi_ptr operator+(difference_type n, const multi_ptr &p) { return multi_ptr(p.pointer_ + n); }
  friend multi_ptr operator-(const multi_ptr &p, difference_type n) { return multi_ptr(p.pointer_ - n); }
  friend difference_type operator-(const multi_ptr &a, const multi_ptr &b) { return a.pointer_ - b.pointer_; }

private:
  ElementType *pointer_ = nullptr;
};

namespace detail {
// multi_ptr<void> and multi_ptr<const void>: no element access or arithmetic, conversions from
// and to typed multi_ptrs.
template <typename VoidType, access::address_space Space, access::decorated DecorateAddress>
class void_multi_ptr : public pointer_comparisons<void_multi_ptr<VoidType, Space, DecorateAddress>> {
public:
  using value_type = VoidType;
  using element_type = VoidType;
  using difference_type = std::ptrdiff_t;
  using pointer = VoidType *;
  using pointer_t = VoidType *;
  using const_pointer_t = const void *;
  static constexpr bool is_decorated = DecorateAddress == access::decorated::yes;
  static constexpr access::address_space address_space = Space;

  void_multi_ptr() = default;
  void_multi_ptr(std::nullptr_t) {}
  explicit void_multi_ptr(VoidType *pointer) : pointer_(pointer) {}
  template <typename ElementType, access::decorated D,
            typename = std::enable_if_t<std::is_convertible_v<ElementType *, VoidType *>>>
  void_multi_ptr(const multi_ptr<ElementType, Space, D> &typed) : pointer_(typed.get()) {}
  // From an accessor of the address space, of any element type and mode (SYCL 2020 4.7.7.2).
  template <typename DataT, int Dims, access_mode Mode, target Target, access::placeholder P,
            typename = std::enable_if_t<accessor_in_space(Target, Space)>>
  void_multi_ptr(const accessor<DataT, Dims, Mode, Target, P> &source)
      : pointer_(const_cast<VoidType *>(static_cast<const void *>(source.get_pointer()))) {}
  template <typename DataT, int Dims, access::address_space S = Space,
            typename = std::enable_if_t<S == access::address_space::local_space>>
  void_multi_ptr(const local_accessor<DataT, Dims> &source)
      : pointer_(const_cast<VoidType *>(static_cast<const void *>(source.get_pointer()))) {}

  template <access::decorated D = DecorateAddress, typename = std::enable_if_t<D == access::decorated::legacy>>
  void_multi_ptr &operator=(VoidType *pointer) {
    pointer_ = pointer;
    return *this;
  }

  VoidType *get() const { return pointer_; }
  VoidType *get_raw() const { return pointer_; }
  VoidType *get_decorated() const { return pointer_; }
  operator VoidType *() const { return pointer_; }
  template <typename ElementType, access::decorated D,
            typename = std::enable_if_t<std::is_convertible_v<VoidType *, const volatile void *> &&
                                        (std::is_const_v<ElementType> || !std::is_const_v<VoidType>)>>
  explicit operator multi_ptr<ElementType, Space, D>() const {
    return multi_ptr<ElementType, Space, D>(static_cast<ElementType *>(pointer_));
  }

private:
  VoidType *pointer_ = nullptr;
};
} // namespace detail

template <access::address_space Space, access::decorated DecorateAddress>
class multi_ptr<void, Space, DecorateAddress> : public detail::void_multi_ptr<void, Space, DecorateAddress> {
public:
  using detail::void_multi_ptr<void, Space, DecorateAddress>::void_multi_ptr;
  using detail::void_multi_ptr<void, Space, DecorateAddress>::operator=;
};
template <access::address_space Space, access::decorated DecorateAddress>
class multi_ptr<const void, Space, DecorateAddress>
    : public detail::void_multi_ptr<const void, Space, DecorateAddress> {
public:
  using detail::void_multi_ptr<const void, Space, DecorateAddress>::void_multi_ptr;
  using detail::void_multi_ptr<const void, Space, DecorateAddress>::operator=;
};

template <typename ElementType, access::decorated IsDecorated = access::decorated::legacy>
using global_ptr = multi_ptr<ElementType, access::address_space::global_space, IsDecorated>;
template <typename ElementType, access::decorated IsDecorated = access::decorated::legacy>
using local_ptr = multi_ptr<ElementType, access::address_space::local_space, IsDecorated>;
template <typename ElementType, access::decorated IsDecorated = access::decorated::legacy>
using private_ptr = multi_ptr<ElementType, access::address_space::private_space, IsDecorated>;
template <typename ElementType, access::decorated IsDecorated = access::decorated::legacy>
using generic_ptr = multi_ptr<ElementType, access::address_space::generic_space, IsDecorated>;
// Deprecated in SYCL 2020 with the constant address space (ordinary memory here).
template <typename ElementType>
using constant_ptr = multi_ptr<ElementType, access::address_space::constant_space, access::decorated::legacy>;
template <typename ElementType>
using raw_global_ptr = multi_ptr<ElementType, access::address_space::global_space, access::decorated::no>;
template <typename ElementType>
using raw_local_ptr = multi_ptr<ElementType, access::address_space::local_space, access::decorated::no>;
template <typename ElementType>
using raw_private_ptr = multi_ptr<ElementType, access::address_space::private_space, access::decorated::no>;
template <typename ElementType>
using decorated_global_ptr = multi_ptr<ElementType, access::address_space::global_space, access::decorated::yes>;
template <typename ElementType>
using decorated_local_ptr = multi_ptr<ElementType, access::address_space::local_space, access::decorated::yes>;
template <typename ElementType>
using decorated_private_ptr = multi_ptr<ElementType, access::address_space::private_space, access::decorated::yes>;
template <typename ElementType>
using raw_generic_ptr = multi_ptr<ElementType, access::address_space::generic_space, access::decorated::no>;
template <typename ElementType>
using decorated_generic_ptr = multi_ptr<ElementType, access::address_space::generic_space, access::decorated::yes>;

// Deduction from accessors (SYCL 2020 4.7.7.1): undecorated pointers to the accessor's elements
// (const for a read-only device accessor).
template <typename DataT, int Dims, access_mode Mode, access::placeholder P>
multi_ptr(accessor<DataT, Dims, Mode, target::device, P>)
    -> multi_ptr<typename accessor<DataT, Dims, Mode, target::device, P>::value_type,
                 access::address_space::global_space, access::decorated::no>;
template <typename DataT, int Dims>
multi_ptr(local_accessor<DataT, Dims>)
    -> multi_ptr<DataT, access::address_space::local_space, access::decorated::no>;

namespace ext::intel {
// DPC++'s pointers to memory the device or the host allocated, parts of the global space.
template <typename ElementType, access::decorated IsDecorated = access::decorated::legacy>
using device_ptr = multi_ptr<ElementType, access::address_space::ext_intel_global_device_space, IsDecorated>;
template <typename ElementType, access::decorated IsDecorated = access::decorated::legacy>
using host_ptr = multi_ptr<ElementType, access::address_space::ext_intel_global_host_space, IsDecorated>;
template <typename ElementType>
using raw_device_ptr = multi_ptr<ElementType, access::address_space::ext_intel_global_device_space, access::decorated::no>;
template <typename ElementType>
using raw_host_ptr = multi_ptr<ElementType, access::address_space::ext_intel_global_host_space, access::decorated::no>;
template <typename ElementType>
using decorated_device_ptr =
    multi_ptr<ElementType, access::address_space::ext_intel_global_device_space, access::decorated::yes>;
template <typename ElementType>
using decorated_host_ptr =
    multi_ptr<ElementType, access::address_space::ext_intel_global_host_space, access::decorated::yes>;
// DPC++'s experimental Intel extensions: none is implemented, but programs name the namespace
// (`using namespace sycl::ext::intel::experimental;`).
namespace experimental {}
} // namespace ext::intel

template <access::address_space Space, access::decorated DecorateAddress, typename ElementType>
multi_ptr<ElementType, Space, DecorateAddress> address_space_cast(ElementType *pointer) {
  return multi_ptr<ElementType, Space, DecorateAddress>(pointer);
}
// Deprecated in SYCL 2020 for address_space_cast.
template <typename ElementType, access::address_space Space,
          access::decorated DecorateAddress = access::decorated::legacy>
multi_ptr<ElementType, Space, DecorateAddress> make_ptr(ElementType *pointer) {
  return multi_ptr<ElementType, Space, DecorateAddress>(pointer);
}

} // namespace _V1
} // namespace sycl
