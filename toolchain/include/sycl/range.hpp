// sycl::range, sycl::id and sycl::item (SYCL 2020 sections 4.9.1.1, 4.9.1.3, 4.9.1.4).
#pragma once

#include <cstddef>
#include <type_traits>

#include "detail/defines.hpp"

namespace sycl {
inline namespace _V1 {
namespace detail {

// The storage and element-wise operators shared by range and id.
template <int Dims, typename Derived> class array {
  static_assert(Dims >= 1 && Dims <= 3, "SYCL supports 1 to 3 dimensions");

public:
  array() : values_{} {}
  template <int D = Dims, typename = std::enable_if_t<D == 1>> array(std::size_t d0) : values_{d0} {}
  template <int D = Dims, typename = std::enable_if_t<D == 2>>
  array(std::size_t d0, std::size_t d1) : values_{d0, d1} {}
  template <int D = Dims, typename = std::enable_if_t<D == 3>>
  array(std::size_t d0, std::size_t d1, std::size_t d2) : values_{d0, d1, d2} {}
  // Any other integer type: `range<1>{n}` with an int n is then no narrowing conversion.
  template <typename... T, typename = std::enable_if_t<sizeof...(T) == Dims && (std::is_integral_v<T> && ...)>>
  array(T... dims) : values_{static_cast<std::size_t>(dims)...} {}

  std::size_t get(int dimension) const { return values_[dimension]; }
  std::size_t &operator[](int dimension) { return values_[dimension]; }
  std::size_t operator[](int dimension) const { return values_[dimension]; }

  friend bool operator==(const Derived &a, const Derived &b) {
    for (int i = 0; i < Dims; ++i)
      if (a.values_[i] != b.values_[i]) return false;
    return true;
  }
  friend bool operator!=(const Derived &a, const Derived &b) { return !(a == b); }
  // A scalar stands for every element (templates, so that `id<1> == 3` and `true == id<1>(1)`
  // pick them over the built-in comparisons reached through id<1>'s conversion to size_t).
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>
  friend bool operator==(const Derived &a, const T &b) {
    return a == Derived(filled(static_cast<std::size_t>(b)));
  }
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>
  friend bool operator==(const T &a, const Derived &b) {
    return b == a;
  }
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>
  friend bool operator!=(const Derived &a, const T &b) {
    return !(a == b);
  }
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>
  friend bool operator!=(const T &a, const Derived &b) {
    return !(b == a);
  }

// The scalar forms are templates on the integer type so that `id<1> % 10` picks them over the
// built-in operator reached through id<1>'s conversion to size_t (which would be ambiguous).
#define NCPU_ARRAY_BINARY(op)                                                                     \
  friend Derived operator op(const Derived &a, const Derived &b) {                                \
    Derived r;                                                                                    \
    for (int i = 0; i < Dims; ++i) r.values_[i] = a.values_[i] op b.values_[i];                   \
    return r;                                                                                     \
  }                                                                                               \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>                       \
  friend Derived operator op(const Derived &a, const T &b) {                                      \
    Derived r;                                                                                    \
    for (int i = 0; i < Dims; ++i) r.values_[i] = a.values_[i] op static_cast<std::size_t>(b);    \
    return r;                                                                                     \
  }                                                                                               \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>                       \
  friend Derived operator op(const T &a, const Derived &b) {                                      \
    Derived r;                                                                                    \
    for (int i = 0; i < Dims; ++i) r.values_[i] = static_cast<std::size_t>(a) op b.values_[i];    \
    return r;                                                                                     \
  }                                                                                               \
  friend Derived &operator op##=(Derived &a, const Derived &b) {                                  \
    for (int i = 0; i < Dims; ++i) a.values_[i] = a.values_[i] op b.values_[i];                   \
    return a;                                                                                     \
  }                                                                                               \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>                       \
  friend Derived &operator op##=(Derived &a, const T &b) {                                        \
    for (int i = 0; i < Dims; ++i) a.values_[i] = a.values_[i] op static_cast<std::size_t>(b);    \
    return a;                                                                                     \
  }
  NCPU_ARRAY_BINARY(+)
  NCPU_ARRAY_BINARY(-)
  NCPU_ARRAY_BINARY(*)
  NCPU_ARRAY_BINARY(/)
  NCPU_ARRAY_BINARY(%)
  NCPU_ARRAY_BINARY(<<)
  NCPU_ARRAY_BINARY(>>)
  NCPU_ARRAY_BINARY(&)
  NCPU_ARRAY_BINARY(|)
  NCPU_ARRAY_BINARY(^)
#undef NCPU_ARRAY_BINARY

// The logical and relational operators are element-wise too, each element 0 or 1 (SYCL 2020
// 4.9.1.1 and 4.9.1.3: OP is also &&, ||, <, >, <=, >=), with no compound assignment.
#define NCPU_ARRAY_ELEMENTWISE(op)                                                                \
  friend Derived operator op(const Derived &a, const Derived &b) {                                \
    Derived r;                                                                                    \
    for (int i = 0; i < Dims; ++i) r.values_[i] = a.values_[i] op b.values_[i];                   \
    return r;                                                                                     \
  }                                                                                               \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>                       \
  friend Derived operator op(const Derived &a, const T &b) {                                      \
    return a op Derived(filled(static_cast<std::size_t>(b)));                                     \
  }                                                                                               \
  template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>>                       \
  friend Derived operator op(const T &a, const Derived &b) {                                      \
    return Derived(filled(static_cast<std::size_t>(a))) op b;                                     \
  }
  NCPU_ARRAY_ELEMENTWISE(&&)
  NCPU_ARRAY_ELEMENTWISE(||)
  NCPU_ARRAY_ELEMENTWISE(<)
  NCPU_ARRAY_ELEMENTWISE(>)
  NCPU_ARRAY_ELEMENTWISE(<=)
  NCPU_ARRAY_ELEMENTWISE(>=)
#undef NCPU_ARRAY_ELEMENTWISE

  // Unary plus and minus, prefix and postfix increment and decrement, element-wise.
  friend Derived operator+(const Derived &a) { return a; }
  friend Derived operator-(const Derived &a) {
    Derived r;
    for (int i = 0; i < Dims; ++i) r.values_[i] = -a.values_[i];
    return r;
  }
  friend Derived &operator++(Derived &a) { return a += 1; }
  friend Derived &operator--(Derived &a) { return a -= 1; }
  friend Derived operator++(Derived &a, int) {
    Derived old = a;
    ++a;
    return old;
  }
  friend Derived operator--(Derived &a, int) {
    Derived old = a;
    --a;
    return old;
  }

protected:
  static Derived filled(std::size_t value) {
    Derived result;
    for (int i = 0; i < Dims; ++i) result.values_[i] = value;
    return result;
  }
  std::size_t values_[Dims];
};

// One-dimensional ids and items convert to size_t. A plain (non-template) conversion operator is
// needed for built-in subscripts such as `pointer[id]`, so it comes from a base specialised on
// the dimension.
template <typename Derived, int Dims> struct size_t_conversion {};
template <typename Derived> struct size_t_conversion<Derived, 1> {
  operator std::size_t() const { return static_cast<const Derived &>(*this)[0]; }
};

} // namespace detail

template <int Dims = 1> class range : public detail::array<Dims, range<Dims>> {
  using base = detail::array<Dims, range<Dims>>;

public:
  static constexpr int dimensions = Dims;
  range() = default;
  using base::base;

  std::size_t size() const {
    std::size_t total = 1;
    for (int i = 0; i < Dims; ++i) total *= this->values_[i];
    return total;
  }
};

range(std::size_t) -> range<1>;
range(std::size_t, std::size_t) -> range<2>;
range(std::size_t, std::size_t, std::size_t) -> range<3>;

template <int Dims, bool WithOffset> class item;

template <int Dims = 1>
class id : public detail::array<Dims, id<Dims>>, public detail::size_t_conversion<id<Dims>, Dims> {
  using base = detail::array<Dims, id<Dims>>;

public:
  static constexpr int dimensions = Dims;
  id() = default;
  using base::base;
  id(const range<Dims> &r) {
    for (int i = 0; i < Dims; ++i) this->values_[i] = r[i];
  }
  template <bool WithOffset> id(const item<Dims, WithOffset> &it) {
    for (int i = 0; i < Dims; ++i) this->values_[i] = it[i];
  }
};

id(std::size_t) -> id<1>;
id(std::size_t, std::size_t) -> id<2>;
id(std::size_t, std::size_t, std::size_t) -> id<3>;

namespace detail {
// Row-major linearisation: the last dimension varies fastest.
template <int Dims> std::size_t linearize(const id<Dims> &index, const range<Dims> &extent) {
  std::size_t linear = index[0];
  for (int i = 1; i < Dims; ++i) linear = linear * extent[i] + index[i];
  return linear;
}

// `scale` times the product of `extent`'s dimensions, in `size`; false when it does not fit in
// size_t, where range::size() would wrap around (to 0 for 2^66). A range with a zero dimension
// is empty however large the others are.
template <int Dims> bool checked_size(const range<Dims> &extent, std::size_t scale, std::size_t &size) {
  size = 0;
  for (int i = 0; i < Dims; ++i)
    if (extent[i] == 0) return true;
  size = scale;
  for (int i = 0; i < Dims; ++i)
    if (__builtin_mul_overflow(size, extent[i], &size)) return false;
  return true;
}

// Whether `offset + extent` stays within `bound` in every dimension, compared without computing
// the sum, which could wrap around and pass.
template <int Dims> bool fits_within(const id<Dims> &offset, const range<Dims> &extent, const range<Dims> &bound) {
  for (int i = 0; i < Dims; ++i)
    if (extent[i] > bound[i] || offset[i] > bound[i] - extent[i]) return false;
  return true;
}
} // namespace detail

template <int Dims = 1, bool WithOffset = true>
class item : public detail::size_t_conversion<item<Dims, WithOffset>, Dims> {
public:
  static constexpr int dimensions = Dims;
  item() = delete;

  id<Dims> get_id() const { return id_; }
  std::size_t get_id(int dimension) const { return id_[dimension]; }
  std::size_t operator[](int dimension) const { return id_[dimension]; }
  range<Dims> get_range() const { return range_; }
  std::size_t get_range(int dimension) const { return range_[dimension]; }
  template <bool W = WithOffset, typename = std::enable_if_t<W>> id<Dims> get_offset() const {
    return offset_;
  }
  std::size_t get_linear_id() const {
    if constexpr (WithOffset)
      return detail::linearize(id_ - offset_, range_);
    else
      return detail::linearize(id_, range_);
  }
  operator item<Dims, true>() const { return item<Dims, true>(id_, range_, offset_); }

  friend bool operator==(const item &a, const item &b) {
    return a.id_ == b.id_ && a.range_ == b.range_ && a.offset_ == b.offset_;
  }
  friend bool operator!=(const item &a, const item &b) { return !(a == b); }

  // Not part of the SYCL interface: kernels receive items built by the launch code.
  item(const id<Dims> &index, const range<Dims> &extent, const id<Dims> &offset)
      : id_(index), range_(extent), offset_(offset) {}

private:
  id<Dims> id_;
  range<Dims> range_;
  id<Dims> offset_;
};

} // namespace _V1
} // namespace sycl
