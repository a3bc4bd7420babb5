// sycl::ext::oneapi::sub_group_mask and group_ballot (DPC++'s sycl_ext_oneapi_sub_group_mask,
// revision 2: user-constructible masks).
//
// A mask holds one bit per work-item of a sub-group, bit i for the work-item of local id i. Its
// size is the sub-group's maximum size (the kernel's vector width, 1 where the kernel runs one
// work-item at a time; docs/vectorizer.md, "Sub-groups"); on the host, where there is no
// sub-group, it is max_bits. Bits past the size are always 0. Sub-groups have at most 64
// work-items here, so the bits are one 64-bit integer.
//
// group_ballot is a bitwise-or reduction over the sub-group of each work-item's own bit, so it
// is computed in registers across the lanes of a vectorized kernel, like the other sub-group
// collectives.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../../detail/defines.hpp"
#include "../../functional.hpp"
#include "../../group.hpp"
#include "../../group_algorithm.hpp"
#include "../../range.hpp"
#include "../../marray.hpp"

#define SYCL_EXT_ONEAPI_SUB_GROUP_MASK 2

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi {

struct sub_group_mask {
  // A reference to one bit of a mask.
  struct reference {
    reference &operator=(bool x) {
      mask_.set(id_, x);
      return *this;
    }
    reference &operator=(const reference &x) { return *this = static_cast<bool>(x); }
    bool operator~() const { return !mask_.test(id_); }
    operator bool() const { return mask_.test(id_); }
    reference &flip() {
      mask_.flip(id_);
      return *this;
    }

  private:
    friend struct sub_group_mask;
    reference(sub_group_mask &mask, id<1> id) : mask_(mask), id_(id) {}
    sub_group_mask &mask_;
    id<1> id_;
  };

  static constexpr std::size_t max_bits = 64;

  sub_group_mask() : sub_group_mask(0ull) {}
  sub_group_mask(unsigned long long val) : size_(sub_group_max_size()) { bits_ = static_cast<bits_type>(val) & valid(); }
  template <typename T, std::size_t K> sub_group_mask(const marray<T, K> &val) : sub_group_mask() { insert_bits(val); }
  sub_group_mask(const sub_group_mask &other) = default;
  sub_group_mask &operator=(const sub_group_mask &other) = default;

  bool operator[](id<1> id) const { return test(id); }
  reference operator[](id<1> id) { return reference(*this, id); }
  bool test(id<1> id) const { return id[0] < size_ && ((bits_ >> id[0]) & 1u) != 0; }
  bool all() const { return bits_ == valid(); }
  bool any() const { return bits_ != 0; }
  bool none() const { return bits_ == 0; }
  std::uint32_t count() const { return static_cast<std::uint32_t>(__builtin_popcountll(bits_)); }
  std::uint32_t size() const { return size_; }
  id<1> find_low() const { return id<1>(none() ? size_ : static_cast<std::uint32_t>(__builtin_ctzll(bits_))); }
  id<1> find_high() const {
    return id<1>(none() ? size_ : static_cast<std::uint32_t>(63 - __builtin_clzll(bits_)));
  }

  // Bits [pos, pos + the bits of T) from `bits` (each element in turn for an marray); bits past
  // size() are dropped.
  template <typename T> void insert_bits(const T &bits, id<1> pos = 0) {
    if constexpr (is_marray_of_integers<T>()) {
      constexpr std::size_t element_bits = CHAR_BIT * sizeof(typename T::value_type);
      for (std::size_t i = 0; i < T::size(); ++i) insert_bits(bits[i], id<1>(pos[0] + i * element_bits));
    } else {
      static_assert(std::is_integral_v<T>, "insert_bits takes an integral type or an marray of them");
      const std::size_t at = pos[0];
      if (at >= size_) return;
      const bits_type field = low_bits(CHAR_BIT * sizeof(T)) << at & valid();
      bits_ = (bits_ & ~field) | (static_cast<bits_type>(static_cast<std::make_unsigned_t<T>>(bits)) << at & field);
    }
  }
  // Bits [pos, pos + the bits of T) into `out` (each element in turn for an marray); bits past
  // size() are 0.
  template <typename T> void extract_bits(T &out, id<1> pos = 0) const {
    if constexpr (is_marray_of_integers<T>()) {
      constexpr std::size_t element_bits = CHAR_BIT * sizeof(typename T::value_type);
      for (std::size_t i = 0; i < T::size(); ++i) extract_bits(out[i], id<1>(pos[0] + i * element_bits));
    } else {
      static_assert(std::is_integral_v<T>, "extract_bits takes an integral type or an marray of them");
      const std::size_t at = pos[0];
      out = at >= size_ ? T(0) : static_cast<T>(bits_ >> at & low_bits(CHAR_BIT * sizeof(T)));
    }
  }

  void set() { bits_ = valid(); }
  void set(id<1> id, bool value = true) {
    if (id[0] >= size_) return;
    const bits_type bit = bits_type(1) << id[0];
    bits_ = value ? bits_ | bit : bits_ & ~bit;
  }
  void reset() { bits_ = 0; }
  void reset(id<1> id) { set(id, false); }
  void reset_low() { reset(find_low()); }
  void reset_high() { reset(find_high()); }
  void flip() { bits_ = ~bits_ & valid(); }
  void flip(id<1> id) { set(id, !test(id)); }

  bool operator==(const sub_group_mask &rhs) const { return bits_ == rhs.bits_; }
  bool operator!=(const sub_group_mask &rhs) const { return bits_ != rhs.bits_; }

  sub_group_mask &operator&=(const sub_group_mask &rhs) {
    bits_ &= rhs.bits_;
    return *this;
  }
  sub_group_mask &operator|=(const sub_group_mask &rhs) {
    bits_ = (bits_ | rhs.bits_) & valid();
    return *this;
  }
  sub_group_mask &operator^=(const sub_group_mask &rhs) {
    bits_ = (bits_ ^ rhs.bits_) & valid();
    return *this;
  }
  sub_group_mask &operator<<=(std::size_t shift) {
    bits_ = shift >= max_bits ? 0 : bits_ << shift & valid();
    return *this;
  }
  sub_group_mask &operator>>=(std::size_t shift) {
    bits_ = shift >= max_bits ? 0 : bits_ >> shift;
    return *this;
  }

  sub_group_mask operator~() const {
    sub_group_mask result = *this;
    result.flip();
    return result;
  }
  sub_group_mask operator<<(std::size_t shift) const {
    sub_group_mask result = *this;
    return result <<= shift;
  }
  sub_group_mask operator>>(std::size_t shift) const {
    sub_group_mask result = *this;
    return result >>= shift;
  }

  friend sub_group_mask operator&(const sub_group_mask &lhs, const sub_group_mask &rhs) {
    sub_group_mask result = lhs;
    return result &= rhs;
  }
  friend sub_group_mask operator|(const sub_group_mask &lhs, const sub_group_mask &rhs) {
    sub_group_mask result = lhs;
    return result |= rhs;
  }
  friend sub_group_mask operator^(const sub_group_mask &lhs, const sub_group_mask &rhs) {
    sub_group_mask result = lhs;
    return result ^= rhs;
  }

private:
  using bits_type = std::uint64_t;

  template <typename T> static constexpr bool is_marray_of_integers() {
    if constexpr (sycl::detail::is_marray_v<T>)
      return std::is_integral_v<typename T::value_type>;
    else
      return false;
  }
  static bits_type low_bits(std::size_t n) { return n >= max_bits ? ~bits_type(0) : (bits_type(1) << n) - 1; }
  bits_type valid() const { return low_bits(size_); }

  // The calling work-item's sub-group's maximum size in a kernel; max_bits on the host.
  static std::uint32_t sub_group_max_size() {
#ifdef __SYCL_DEVICE_ONLY__
    return __spirv_BuiltInSubgroupMaxSize();
#else
    return max_bits;
#endif
  }

  bits_type bits_;
  std::uint32_t size_;
};

// One bit per work-item of the sub-group, set where its predicate is true.
template <typename Group>
NCPU_ALWAYS_INLINE std::enable_if_t<std::is_same_v<std::decay_t<Group>, sub_group>, sub_group_mask>
group_ballot(Group g, bool predicate = true) {
  const std::uint64_t own = predicate ? std::uint64_t(1) << g.get_local_linear_id() : 0;
  return sub_group_mask(reduce_over_group(g, own, bit_or<std::uint64_t>()));
}

} // namespace ext::oneapi
} // namespace _V1
} // namespace sycl
