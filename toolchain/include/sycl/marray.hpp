// sycl::marray (SYCL 2020 section 4.14.3): an array of any number of elements with element-wise
// operators, and its aliases (mfloat4, mint3, mbool2 …).
//
// Unlike vec it is a plain C array of its elements (sizeof is N * sizeof(DataT), no padding and
// no extra alignment), any element type and count are allowed, and comparisons yield
// marray<bool, N>. Every operator is a loop over the elements that LLVM's vectorisers turn into
// SIMD code where it pays. The operators are hidden friends; those that need integer elements
// (%, bitwise, shifts, ~) exist for every element type but only compile when used on integers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "detail/defines.hpp"
#include "detail/single_element.hpp"
#include "half_type.hpp"

namespace sycl {
inline namespace _V1 {

template <typename DataT, std::size_t NumElements> class marray;

namespace detail {
template <typename T> struct is_marray : std::false_type {};
template <typename T, std::size_t N> struct is_marray<marray<T, N>> : std::true_type {};
template <typename T> inline constexpr bool is_marray_v = is_marray<std::remove_cv_t<T>>::value;

// Whether an argument of the element-wise constructor is a scalar converting to DataT or an
// marray of DataT (of any size, none included).
template <typename DataT, typename Arg> constexpr bool marray_argument_ok() {
  if constexpr (is_marray_v<Arg>) {
    return std::is_same_v<typename Arg::value_type, DataT>;
  } else {
    return std::is_convertible_v<const Arg &, DataT>;
  }
}
// How many elements such an argument contributes: a scalar one, an marray its size.
template <typename Arg> constexpr std::size_t marray_argument_count() {
  if constexpr (is_marray_v<Arg>) {
    return Arg::size();
  } else {
    return 1;
  }
}
template <typename DataT, std::size_t NumElements, typename... Args> constexpr bool marray_elements_ok() {
  if constexpr (sizeof...(Args) == 0) {
    return false;
  } else {
    constexpr bool single_marray = sizeof...(Args) == 1 && (is_marray_v<Args> && ...);
    if constexpr ((marray_argument_ok<DataT, Args>() && ...))
      return (marray_argument_count<Args>() + ...) == NumElements && !single_marray;
    else
      return false;
  }
}
} // namespace detail

// An marray may have no element (as DPC++ allows); it still stores one, unused, since C++ has no
// zero-length arrays.
template <typename DataT, std::size_t NumElements> class marray {
public:
  using value_type = DataT;
  using reference = DataT &;
  using const_reference = const DataT &;
  using iterator = DataT *;
  using const_iterator = const DataT *;

  constexpr marray() : data_{} {}
  explicit constexpr marray(const DataT &arg) : data_{} {
    for (auto &element : data_) element = arg;
  }
  // Scalars and marrays whose elements add up to NumElements, in order.
  template <typename... Args, std::enable_if_t<detail::marray_elements_ok<DataT, NumElements, Args...>(), int> = 0>
  constexpr marray(const Args &...args) : data_{} {
    std::size_t position = 0;
    (append(position, args), ...);
  }
  constexpr marray(const marray &) = default;
  constexpr marray(marray &&) = default;
  constexpr marray &operator=(const marray &) = default;
  constexpr marray &operator=(marray &&) = default;
  constexpr marray &operator=(const DataT &value) {
    for (auto &element : data_) element = value;
    return *this;
  }

  // A 1-element marray converts to its element (detail/single_element.hpp).
  constexpr operator detail::element_if_single<DataT, NumElements>() const {
    return data_[0];
  }

  static constexpr std::size_t size() noexcept { return NumElements; }

  constexpr reference operator[](std::size_t index) { return data_[index]; }
  constexpr const_reference operator[](std::size_t index) const { return data_[index]; }

  constexpr iterator begin() noexcept { return data_; }
  constexpr const_iterator begin() const noexcept { return data_; }
  constexpr iterator end() noexcept { return data_ + NumElements; }
  constexpr const_iterator end() const noexcept { return data_ + NumElements; }

#define NCPU_MARRAY_BINARY_OPERATOR(op)                                                             \
  friend constexpr marray operator op(const marray &l, const marray &r) {                          \
    marray result;                                                                                  \
    for (std::size_t i = 0; i < NumElements; ++i) result.data_[i] = l.data_[i] op r.data_[i];       \
    return result;                                                                                  \
  }                                                                                                 \
  friend constexpr marray operator op(const marray &l, const DataT &r) { return l op marray(r); }   \
  friend constexpr marray operator op(const DataT &l, const marray &r) { return marray(l) op r; }   \
  friend constexpr marray &operator op##=(marray &l, const marray &r) { return l = l op r; }        \
  friend constexpr marray &operator op##=(marray &l, const DataT &r) { return l = l op marray(r); }
  NCPU_MARRAY_BINARY_OPERATOR(+)
  NCPU_MARRAY_BINARY_OPERATOR(-)
  NCPU_MARRAY_BINARY_OPERATOR(*)
  NCPU_MARRAY_BINARY_OPERATOR(/)
  NCPU_MARRAY_BINARY_OPERATOR(%)
  NCPU_MARRAY_BINARY_OPERATOR(&)
  NCPU_MARRAY_BINARY_OPERATOR(|)
  NCPU_MARRAY_BINARY_OPERATOR(^)
  NCPU_MARRAY_BINARY_OPERATOR(<<)
  NCPU_MARRAY_BINARY_OPERATOR(>>)
#undef NCPU_MARRAY_BINARY_OPERATOR

#define NCPU_MARRAY_BOOL_OPERATOR(op)                                                               \
  friend constexpr marray<bool, NumElements> operator op(const marray &l, const marray &r) {       \
    marray<bool, NumElements> result;                                                               \
    for (std::size_t i = 0; i < NumElements; ++i) result[i] = l.data_[i] op r.data_[i];             \
    return result;                                                                                  \
  }                                                                                                 \
  friend constexpr marray<bool, NumElements> operator op(const marray &l, const DataT &r) {        \
    return l op marray(r);                                                                          \
  }                                                                                                 \
  friend constexpr marray<bool, NumElements> operator op(const DataT &l, const marray &r) {        \
    return marray(l) op r;                                                                          \
  }
  NCPU_MARRAY_BOOL_OPERATOR(==)
  NCPU_MARRAY_BOOL_OPERATOR(!=)
  NCPU_MARRAY_BOOL_OPERATOR(<)
  NCPU_MARRAY_BOOL_OPERATOR(>)
  NCPU_MARRAY_BOOL_OPERATOR(<=)
  NCPU_MARRAY_BOOL_OPERATOR(>=)
  NCPU_MARRAY_BOOL_OPERATOR(&&)
  NCPU_MARRAY_BOOL_OPERATOR(||)
#undef NCPU_MARRAY_BOOL_OPERATOR

  friend constexpr marray operator+(const marray &x) { return x; }
  friend constexpr marray operator-(const marray &x) {
    marray result;
    for (std::size_t i = 0; i < NumElements; ++i) result.data_[i] = -x.data_[i];
    return result;
  }
  friend constexpr marray operator~(const marray &x) {
    marray result;
    for (std::size_t i = 0; i < NumElements; ++i) result.data_[i] = ~x.data_[i];
    return result;
  }
  friend constexpr marray<bool, NumElements> operator!(const marray &x) {
    marray<bool, NumElements> result;
    for (std::size_t i = 0; i < NumElements; ++i) result[i] = !x.data_[i];
    return result;
  }

  friend constexpr marray &operator++(marray &x) {
    for (auto &element : x.data_) ++element;
    return x;
  }
  friend constexpr marray &operator--(marray &x) {
    for (auto &element : x.data_) --element;
    return x;
  }
  friend constexpr marray operator++(marray &x, int) {
    marray old = x;
    ++x;
    return old;
  }
  friend constexpr marray operator--(marray &x, int) {
    marray old = x;
    --x;
    return old;
  }

private:
  template <typename Arg> constexpr void append(std::size_t &position, const Arg &arg) {
    if constexpr (detail::is_marray_v<Arg>) {
      for (const auto &element : arg) data_[position++] = element;
    } else {
      data_[position++] = static_cast<DataT>(arg);
    }
  }

  DataT data_[NumElements == 0 ? 1 : NumElements];
};

template <class T, class... U> marray(T, U...) -> marray<T, sizeof...(U) + 1>;

// Aliases, SYCL 2020 section 4.14.3.2: the integer ones have fixed widths (mchar is int8_t,
// mlong int64_t); mschar and the long long ones are DPC++'s older names.
#define NCPU_MARRAY_ALIASES(prefix, type)                                                           \
  using prefix##2 = marray<type, 2>;                                                                \
  using prefix##3 = marray<type, 3>;                                                                \
  using prefix##4 = marray<type, 4>;                                                                \
  using prefix##8 = marray<type, 8>;                                                                \
  using prefix##16 = marray<type, 16>;
NCPU_MARRAY_ALIASES(mbool, bool)
NCPU_MARRAY_ALIASES(mchar, std::int8_t)
NCPU_MARRAY_ALIASES(mschar, signed char)
NCPU_MARRAY_ALIASES(muchar, unsigned char)
NCPU_MARRAY_ALIASES(mshort, short)
NCPU_MARRAY_ALIASES(mushort, unsigned short)
NCPU_MARRAY_ALIASES(mint, int)
NCPU_MARRAY_ALIASES(muint, unsigned int)
NCPU_MARRAY_ALIASES(mlong, long)
NCPU_MARRAY_ALIASES(mulong, unsigned long)
NCPU_MARRAY_ALIASES(mlonglong, long long)
NCPU_MARRAY_ALIASES(mulonglong, unsigned long long)
NCPU_MARRAY_ALIASES(mhalf, half)
NCPU_MARRAY_ALIASES(mfloat, float)
NCPU_MARRAY_ALIASES(mdouble, double)
#undef NCPU_MARRAY_ALIASES

} // namespace _V1
} // namespace sycl
