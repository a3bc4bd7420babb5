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

// The half vec, swizzle and marray forms of a built-in whose arguments all have one shape:
// evaluated as the float shape, each element of the result rounded once to half.
#define NCPU_HALF_SHAPE_FORM_1(name)                                                                \
  template <typename T, std::enable_if_t<detail::is_nonscalar_half_v<T>, int> = 0>                  \
  detail::value_t<T> name(const T &arg) {                                                           \
    return detail::as_half_shape<T>(name(detail::as_float_shape(arg)));                             \
  }
#define NCPU_HALF_SHAPE_FORM_2(name)                                                                \
  template <typename T, typename U,                                                                 \
            std::enable_if_t<detail::is_nonscalar_half_v<T> && detail::same_shape_v<T, U>, int> = 0> \
  detail::value_t<T> name(const T &arg1, const U &arg2) {                                           \
    return detail::as_half_shape<T>(name(detail::as_float_shape(arg1), detail::as_float_shape(arg2))); \
  }
#define NCPU_HALF_SHAPE_FORM_3(name)                                                                \
  template <typename T, typename U, typename V,                                                     \
            std::enable_if_t<detail::is_nonscalar_half_v<T> && detail::same_shape_v<T, U> &&        \
                                 detail::same_shape_v<T, V>,                                        \
                             int> = 0>                                                              \
  detail::value_t<T> name(const T &arg1, const U &arg2, const V &arg3) {                            \
    return detail::as_half_shape<T>(                                                                \
        name(detail::as_float_shape(arg1), detail::as_float_shape(arg2), detail::as_float_shape(arg3))); \
  }

// The template forms of a scalar built-in (see is_scalar_genfloat_v): with arguments for which
// `all_of<T…>` holds, `name<T…>(args)` forwards to the plain overload taking them.
#define NCPU_SCALAR_TEMPLATE_1(name, all_of)                                                        \
  template <typename T, std::enable_if_t<all_of<T>, int> = 0> T name(T x) { return name(x); }
#define NCPU_SCALAR_TEMPLATE_2(name, all_of)                                                        \
  template <typename T, typename U, std::enable_if_t<all_of<T, U>, int> = 0> T name(T x, U y) {     \
    return name(x, y);                                                                              \
  }
#define NCPU_SCALAR_TEMPLATE_3(name, all_of)                                                        \
  template <typename T, typename U, typename V, std::enable_if_t<all_of<T, U, V>, int> = 0>         \
  T name(T x, U y, V z) {                                                                           \
    return name(x, y, z);                                                                           \
  }

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
template <typename T> struct shape<T, std::enable_if_t<std::is_arithmetic_v<T> || std::is_same_v<T, half>>> {
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
// vec, swizzle or marray of float, double or half.
template <typename T> inline constexpr bool is_nonscalar_genfloat_v = is_nonscalar_float_v<T> || is_nonscalar_half_v<T>;

// float, double or half, and several arguments all of one such type. SYCL 2020 (revision 8)
// declares the scalar forms of the common and geometric functions, and the pointer arguments of
// the math functions, as template parameters too: programs name them with explicit template
// arguments (`sycl::clamp<float>(x, lo, hi)`, `sycl::modf<float *>(x, &whole)`). Calls without
// template arguments keep taking the plain overloads, which non-template functions win, and which
// accept arguments that convert (`sycl::clamp(x, 0, 1)`); the templates forward to them.
template <typename T> inline constexpr bool is_scalar_genfloat_v = is_float_element_v<T> || std::is_same_v<T, half>;
template <typename T, typename... Others>
inline constexpr bool all_scalar_genfloat_v = is_scalar_genfloat_v<T> && (std::is_same_v<T, Others> && ...);
// The same for float and double only (the geometric functions have no half forms), and for float
// only (their fast_ forms).
template <typename T, typename... Others>
inline constexpr bool all_scalar_float_v = is_float_element_v<T> && (std::is_same_v<T, Others> && ...);
template <typename T, typename... Others>
inline constexpr bool all_scalar_single_float_v = std::is_same_v<T, float> && (std::is_same_v<T, Others> && ...);

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
