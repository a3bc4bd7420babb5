// The operators of the 16-bit floating-point types, sycl::half (half_type.hpp) and
// sycl::ext::oneapi::bfloat16 (ext/oneapi/bfloat16.hpp), written once: each converts to float,
// operates in float and rounds back once.
//
// Mixed arithmetic follows DPC++: a 16-bit type with itself or an integer gives the 16-bit type;
// with float it gives float and with double double. Comparisons take any arithmetic operand, bool
// included (as 0 or 1), and compare in float (or double). `Type` derives from
// float16_operators<Type>, converts implicitly to float and is constructible from float
// (rounding to nearest even).
#pragma once

#include <type_traits>

namespace sycl {
inline namespace _V1 {
namespace detail {

template <typename T>
inline constexpr bool is_other_arithmetic_v = std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;

template <typename Type> class float16_operators {
  template <typename T>
  using mixed_result_t = std::conditional_t<std::is_floating_point_v<T>, std::common_type_t<float, T>, Type>;
  // The type a mixed operation computes in.
  template <typename T>
  using computed_in_t = std::conditional_t<std::is_floating_point_v<T>, std::common_type_t<float, T>, float>;

  Type &self() { return static_cast<Type &>(*this); }

public:
  Type &operator++() { return self() = Type(float(self()) + 1.0f); }
  Type operator++(int) {
    Type before = self();
    ++*this;
    return before;
  }
  Type &operator--() { return self() = Type(float(self()) - 1.0f); }
  Type operator--(int) {
    Type before = self();
    --*this;
    return before;
  }

#define NCPU_FLOAT16_ARITHMETIC(op)                                                                 \
  friend constexpr Type operator op(Type a, Type b) { return Type(float(a) op float(b)); }          \
  template <typename T, typename = std::enable_if_t<is_other_arithmetic_v<T>>>                      \
  friend constexpr mixed_result_t<T> operator op(Type a, T b) {                                     \
    return mixed_result_t<T>(computed_in_t<T>(float(a)) op computed_in_t<T>(b));                    \
  }                                                                                                 \
  template <typename T, typename = std::enable_if_t<is_other_arithmetic_v<T>>>                      \
  friend constexpr mixed_result_t<T> operator op(T a, Type b) {                                     \
    return mixed_result_t<T>(computed_in_t<T>(a) op computed_in_t<T>(float(b)));                    \
  }                                                                                                 \
  template <typename T, typename = std::enable_if_t<is_other_arithmetic_v<T> || std::is_same_v<T, Type>>> \
  Type &operator op##=(T other) {                                                                   \
    return self() = Type(self() op other);                                                          \
  }
  NCPU_FLOAT16_ARITHMETIC(+)
  NCPU_FLOAT16_ARITHMETIC(-)
  NCPU_FLOAT16_ARITHMETIC(*)
  NCPU_FLOAT16_ARITHMETIC(/)
#undef NCPU_FLOAT16_ARITHMETIC

#define NCPU_FLOAT16_COMPARISON(op)                                                                 \
  friend constexpr bool operator op(Type a, Type b) { return float(a) op float(b); }                \
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>                       \
  friend constexpr bool operator op(Type a, T b) {                                                  \
    return std::common_type_t<float, T>(float(a)) op std::common_type_t<float, T>(b);               \
  }                                                                                                 \
  template <typename T, typename = std::enable_if_t<std::is_arithmetic_v<T>>>                       \
  friend constexpr bool operator op(T a, Type b) {                                                  \
    return std::common_type_t<float, T>(a) op std::common_type_t<float, T>(float(b));               \
  }
  NCPU_FLOAT16_COMPARISON(==)
  NCPU_FLOAT16_COMPARISON(!=)
  NCPU_FLOAT16_COMPARISON(<)
  NCPU_FLOAT16_COMPARISON(>)
  NCPU_FLOAT16_COMPARISON(<=)
  NCPU_FLOAT16_COMPARISON(>=)
#undef NCPU_FLOAT16_COMPARISON
};

} // namespace detail
} // namespace _V1
} // namespace sycl
