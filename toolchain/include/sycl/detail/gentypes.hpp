// The argument types of the SYCL 2020 built-in functions (section 4.17): which types are a
// "generic floating-point type", a "generic integer type" …, and how a function is applied to
// each element of a vec, a swizzle or an marray.
//
// Every argument has a shape: a scalar, a vec (a swizzle counts as the vec it converts to, which
// is also what a function returns for it), or an marray. The functions in math.hpp,
// integer_functions.hpp, common_functions.hpp, geometric_functions.hpp and
// relational_functions.hpp take the scalar forms as ordinary overloads and the other shapes as
// templates constrained by these traits.
//
// apply_elementwise() is how they compute: for a vec, the operation runs once on the whole
// native vector (so `__builtin_elementwise_sqrt` becomes one `llvm.sqrt.v4f32`); for an marray,
// once per element on scalars (loops that LLVM vectorises). The operations are generic lambdas
// that accept both, marked always_inline like every function that passes native vectors by
// value (see vec.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../marray.hpp"
#include "../vec.hpp"

// For the operations passed to apply_elementwise: `[](auto x) NCPU_ELEMENTWISE { ... }`.
#define NCPU_ELEMENTWISE __attribute__((always_inline))

namespace sycl {
inline namespace _V1 {
namespace detail {

template <typename T> inline constexpr bool is_float_element_v = std::is_same_v<T, float> || std::is_same_v<T, double>;
template <typename T>
inline constexpr bool is_integer_element_v =
    std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, wchar_t> &&
    !std::is_same_v<T, char16_t> && !std::is_same_v<T, char32_t>;

enum class shape_kind { none, scalar, vec, marray };

template <typename T, typename = void> struct shape {
  static constexpr shape_kind kind = shape_kind::none;
};
template <typename T> struct shape<T, std::enable_if_t<std::is_arithmetic_v<T>>> {
  static constexpr shape_kind kind = shape_kind::scalar;
  static constexpr std::size_t size = 1;
  using element = T;
  using value = T;
  template <typename E> using with_element = E;
};
template <typename T> struct shape<T, std::enable_if_t<is_vec_like_v<T>>> {
  static constexpr shape_kind kind = shape_kind::vec;
  static constexpr std::size_t size = vec_of_t<T>::size();
  using element = typename vec_of_t<T>::element_type;
  using value = vec_of_t<T>;
  template <typename E> using with_element = vec<E, int(size)>;
};
template <typename T> struct shape<T, std::enable_if_t<is_marray_v<T>>> {
  static constexpr shape_kind kind = shape_kind::marray;
  static constexpr std::size_t size = T::size();
  using element = typename T::value_type;
  using value = T;
  template <typename E> using with_element = marray<E, size>;
};

template <typename T> inline constexpr shape_kind shape_kind_v = shape<std::remove_cv_t<T>>::kind;
template <typename T> inline constexpr bool is_nonscalar_v = shape_kind_v<T> == shape_kind::vec || shape_kind_v<T> == shape_kind::marray;
// The element type, and the type a function returns for an argument of type T (vec for a swizzle).
template <typename T> using element_t = typename shape<std::remove_cv_t<T>>::element;
template <typename T> using value_t = typename shape<std::remove_cv_t<T>>::value;
// The same shape with other elements: vec<float, 4> -> vec<int, 4>, marray<double, 3> -> marray<bool, 3>.
template <typename T, typename E> using with_element_t = typename shape<std::remove_cv_t<T>>::template with_element<E>;

template <typename T, bool IsNonscalar = is_nonscalar_v<T>> struct element_is_float : std::false_type {};
template <typename T> struct element_is_float<T, true> : std::bool_constant<is_float_element_v<element_t<T>>> {};
template <typename T, bool IsNonscalar = is_nonscalar_v<T>> struct element_is_integer : std::false_type {};
template <typename T> struct element_is_integer<T, true> : std::bool_constant<is_integer_element_v<element_t<T>>> {};

// vec, swizzle or marray of float or double (the scalar forms are separate overloads).
template <typename T> inline constexpr bool is_nonscalar_float_v = element_is_float<std::remove_cv_t<T>>::value;
// vec, swizzle or marray of float only (the native:: and half_precision:: functions).
template <typename T, bool IsNonscalarFloat = is_nonscalar_float_v<T>> struct element_is_single_float : std::false_type {};
template <typename T> struct element_is_single_float<T, true> : std::is_same<element_t<T>, float> {};
template <typename T> inline constexpr bool is_nonscalar_single_float_v = element_is_single_float<T>::value;
// Integer scalar, or vec, swizzle or marray of integers.
template <typename T>
inline constexpr bool is_geninteger_v = is_integer_element_v<std::remove_cv_t<T>> || element_is_integer<std::remove_cv_t<T>>::value;
// Two arguments a function combines element by element: the same vec (a swizzle matching its
// vec), the same marray or the same scalar type.
// False, not an error, for a type of no shape (a class converting to float picks the scalar
// overloads).
template <typename T, typename U, typename = void> struct same_shape : std::false_type {};
template <typename T, typename U>
struct same_shape<T, U, std::void_t<value_t<T>, value_t<U>>> : std::is_same<value_t<T>, value_t<U>> {};
template <typename T, typename U> inline constexpr bool same_shape_v = same_shape<T, U>::value;

// vec, swizzle or marray of half: the built-ins evaluate them as the float shape and round each
// element of the result once (half_type.hpp).
template <typename T, bool IsNonscalar = is_nonscalar_v<T>> struct element_is_half : std::false_type {};
template <typename T> struct element_is_half<T, true> : std::bool_constant<std::is_same_v<element_t<T>, half>> {};
template <typename T> inline constexpr bool is_nonscalar_half_v = element_is_half<std::remove_cv_t<T>>::value;

// Element i; a scalar stands for every element.
template <typename T> auto element_at(const T &x, std::size_t i) {
  if constexpr (shape_kind_v<T> == shape_kind::scalar)
    return x;
  else
    return x[int(i)];
}

// Result = op applied to the elements of args, one element at a time. Swizzles must have been
// converted to vecs; scalars among vecs and marrays are broadcast.
template <typename Result, typename Op, typename... Args> Result map_elements(Op op, const Args &...args) {
  if constexpr (shape_kind_v<Result> == shape_kind::scalar) {
    return op(args...);
  } else {
    Result result;
    for (std::size_t i = 0; i < Result::size(); ++i) result[int(i)] = op(element_at(args, i)...);
    return result;
  }
}

// The operations passed to apply_elementwise see either a scalar or a native vector X; these
// give the scalar type of its elements, a broadcast value of X, and the signed integer scalar or
// vector of the same width.
template <typename X> auto lane_of(X x) {
  if constexpr (std::is_arithmetic_v<X>)
    return x;
  else
    return x[0];
}
template <typename X> using lane_t = decltype(lane_of(std::declval<X>()));
template <typename X> NCPU_VECTOR_INLINE X splat(lane_t<X> value) { return X(value); }
template <typename X> auto same_width_signed_of(X x) {
  if constexpr (std::is_arithmetic_v<X>)
    return same_size_signed_t<X>(x);
  else
    return native_vector<same_size_signed_t<lane_t<X>>, __builtin_vectorelements(X)>{};
}
// A half vec, swizzle or marray as its float shape, and a float shape rounded back to T's.
template <typename T> with_element_t<T, float> as_float_shape(const T &x) {
  return map_elements<with_element_t<T, float>>([](half h) { return float(h); }, value_t<T>(x));
}
template <typename T, typename F> value_t<T> as_half_shape(const F &x) {
  return map_elements<value_t<T>>([](float f) { return half(f); }, x);
}

template <typename X> using same_width_signed_t = decltype(same_width_signed_of(std::declval<X>()));

template <typename T> NCPU_VECTOR_INLINE auto native_of(const T &x) { return typename value_t<T>::vector_t(value_t<T>(x)); }

// Result = op applied to args of the shape of Result (vecs or swizzles of the same length, marrays
// of the same length, or scalars): on whole native vectors for vecs, element by element otherwise.
template <typename Result, typename Op, typename... Args> NCPU_VECTOR_INLINE Result apply_elementwise(Op op, const Args &...args) {
  if constexpr (shape_kind_v<Result> == shape_kind::vec)
    return Result(op(native_of(args)...));
  else
    return map_elements<Result>(op, args...);
}

} // namespace detail
} // namespace _V1
} // namespace sycl
