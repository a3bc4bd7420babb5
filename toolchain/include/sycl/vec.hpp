// sycl::vec (SYCL 2020 section 4.14.2): a vector of 1, 2, 3, 4, 8 or 16 arithmetic elements,
// its swizzles, rounding_mode, elem, and the aliases (float4, int2, uchar16, cl_float4 …).
//
// Storage is clang's ext_vector_type, so every operator is one LLVM vector instruction
// (`fadd <4 x float>`, `icmp slt <8 x i32>` …) that the backend maps to SIMD registers, in device
// and host code alike. ext_vector_type also gives the layout the specification asks for: a
// 3-element vec has the size and alignment of 4 elements, and every vec is aligned to its size.
// Comparisons of ext vectors already yield -1 for true and 0 for false in a signed integer of
// the element's width, which is exactly SYCL's result type.
//
// Swizzles (v.xy(), v.swizzle<2, 0>(), v.lo() …) return detail::swizzled_vec, a small view that
// holds a pointer to its vec: it reads as a vec of the selected elements, and when every index is
// distinct it can be assigned to (`v.xy() = w.yx();`, `v.x() += 1;`). Like the specification's
// __swizzled_vec__ it must not outlive its vec. A swizzle of a const vec is read-only.
//
// The binary operators are constrained templates at namespace scope rather than hidden friends
// of vec, because a swizzle operand must convert to the right vec first (a swizzle's own vec type
// is not one of its associated classes); argument-dependent lookup finds them through either
// operand. Element types: every arithmetic type (except long double), std::byte, and half, whose
// lanes are _Float16 (each operator rounds its float result to half once, as scalar half does).
// vec<bool, N> keeps its lanes as signed chars holding 0 or 1: every operator that could leave
// another value normalises its result, so that an element always reads as a valid bool.
// vec<std::byte, N> keeps unsigned chars and has only the bitwise operators and shifts, as
// std::byte has.
//
// Deviations: `vec(vector_t)` is explicit, because a scalar converts implicitly to an
// ext_vector_type (a broadcast) and the specification's broadcast constructor is explicit; and
// vector_t and the conversion to it exist in host code too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include "access.hpp"
#include "detail/defines.hpp"
#include "detail/named_swizzles.hpp"
#include "detail/single_element.hpp"
#include "half_type.hpp"
#include "multi_ptr.hpp"

// Every function that takes or returns a native vector by value is always inlined: no call then
// passes a vector in registers, so the x86-64 calling convention for 256- and 512-bit vectors,
// which changes with -mavx/-mavx512f, never matters (and clang has nothing to warn about with
// -Wpsabi).
#define NCPU_VECTOR_INLINE inline __attribute__((always_inline))

namespace sycl {
inline namespace _V1 {

enum class rounding_mode { automatic, rte, rtz, rtp, rtn };

struct elem {
  static constexpr int x = 0;
  static constexpr int y = 1;
  static constexpr int z = 2;
  static constexpr int w = 3;
  static constexpr int r = 0;
  static constexpr int g = 1;
  static constexpr int b = 2;
  static constexpr int a = 3;
  static constexpr int s0 = 0;
  static constexpr int s1 = 1;
  static constexpr int s2 = 2;
  static constexpr int s3 = 3;
  static constexpr int s4 = 4;
  static constexpr int s5 = 5;
  static constexpr int s6 = 6;
  static constexpr int s7 = 7;
  static constexpr int s8 = 8;
  static constexpr int s9 = 9;
  static constexpr int sA = 10;
  static constexpr int sB = 11;
  static constexpr int sC = 12;
  static constexpr int sD = 13;
  static constexpr int sE = 14;
  static constexpr int sF = 15;
};

template <typename DataT, int NumElements> class vec;

namespace detail {

template <typename T, int N> using native_vector = T __attribute__((ext_vector_type(N)));

template <typename T>
inline constexpr bool is_vec_element_v =
    (std::is_arithmetic_v<T> && !std::is_same_v<T, long double>) || std::is_same_v<T, half> || std::is_same_v<T, std::byte>;
// A scalar that can stand for a vec element (constructor arguments, operands).
template <typename T>
inline constexpr bool is_scalar_element_v = std::is_arithmetic_v<T> || std::is_same_v<T, half> || std::is_same_v<T, std::byte>;
template <typename T> inline constexpr bool is_floating_element_v = std::is_floating_point_v<T> || std::is_same_v<T, half>;
// The type of a vec's native lanes: the element type, except _Float16 for half.
template <typename T> struct storage_lane {
  using type = T;
};
template <> struct storage_lane<half> {
  using type = _Float16;
};
template <> struct storage_lane<bool> {
  using type = signed char;
};
template <> struct storage_lane<std::byte> {
  using type = unsigned char;
};
template <typename T> using storage_lane_t = typename storage_lane<T>::type;

constexpr bool is_vec_size(int n) { return n == 1 || n == 2 || n == 3 || n == 4 || n == 8 || n == 16; }

// The signed and unsigned integers of a given width.
template <std::size_t Bytes> struct integers_of_size;
template <> struct integers_of_size<1> {
  using signed_type = std::int8_t;
  using unsigned_type = std::uint8_t;
};
template <> struct integers_of_size<2> {
  using signed_type = std::int16_t;
  using unsigned_type = std::uint16_t;
};
template <> struct integers_of_size<4> {
  using signed_type = std::int32_t;
  using unsigned_type = std::uint32_t;
};
template <> struct integers_of_size<8> {
  using signed_type = std::int64_t;
  using unsigned_type = std::uint64_t;
};
template <typename T> using same_size_signed_t = typename integers_of_size<sizeof(T)>::signed_type;
template <typename T> using same_size_unsigned_t = typename integers_of_size<sizeof(T)>::unsigned_type;

template <typename VecT, int... Indices> class swizzled_vec;

// What makes a type usable where a vec is expected: vec itself and its swizzles.
template <typename T> struct vec_like {
  static constexpr bool value = false;
};
template <typename T, int N> struct vec_like<vec<T, N>> {
  static constexpr bool value = true;
  using type = vec<T, N>;
};
template <typename VecT, int... Indices> struct vec_like<swizzled_vec<VecT, Indices...>> {
  static constexpr bool value = true;
  using type = vec<typename std::remove_const_t<VecT>::element_type, sizeof...(Indices)>;
};
template <typename T> inline constexpr bool is_vec_like_v = vec_like<std::remove_cv_t<T>>::value;
template <typename T> using vec_of_t = typename vec_like<std::remove_cv_t<T>>::type;
// Whether T is a swizzle. A class rather than one `&&` expression: the expression would name
// vec_of_t<T> for any T (a hard error for `int`), since `&&` does not stop instantiation.
template <typename T, typename = void> struct is_swizzle : std::false_type {};
template <typename T>
struct is_swizzle<T, std::enable_if_t<is_vec_like_v<T>>>
    : std::bool_constant<!std::is_same_v<vec_of_t<T>, std::remove_cv_t<T>>> {};
template <typename T> inline constexpr bool is_swizzle_v = is_swizzle<T>::value;

// How many elements a constructor argument contributes to a vec of DataT.
template <typename DataT, typename Arg, typename = void> struct constructor_argument {
  static constexpr bool valid = false;
  static constexpr int count = 0;
};
template <typename DataT, typename Arg>
struct constructor_argument<DataT, Arg, std::enable_if_t<is_scalar_element_v<Arg> && !is_vec_like_v<Arg>>> {
  static constexpr bool valid = true;
  static constexpr int count = 1;
};
template <typename DataT, typename Arg> struct constructor_argument<DataT, Arg, std::enable_if_t<is_vec_like_v<Arg>>> {
  static constexpr bool valid = std::is_same_v<typename vec_of_t<Arg>::element_type, DataT>;
  static constexpr int count = vec_of_t<Arg>::size();
};

// The element-list constructor takes scalars, vecs and swizzles whose elements add up to
// NumElements; a single vec-like argument of the same vec type is left to the copy constructor
// and the swizzle's conversion, so that the two never compete.
template <typename DataT, int NumElements, typename... Args> constexpr bool element_list_ok() {
  if constexpr (sizeof...(Args) == 0) {
    return false;
  } else {
    constexpr bool single_same_vec =
        sizeof...(Args) == 1 && (is_vec_like_v<Args> && ...) && (constructor_argument<DataT, Args>::count + ...) == NumElements;
    return (constructor_argument<DataT, Args>::valid && ...) &&
           (constructor_argument<DataT, Args>::count + ...) == NumElements && !single_same_vec;
  }
}

template <int... Indices> constexpr bool indices_distinct() {
  constexpr int list[] = {Indices...};
  for (std::size_t i = 0; i < sizeof...(Indices); ++i)
    for (std::size_t j = i + 1; j < sizeof...(Indices); ++j)
      if (list[i] == list[j]) return false;
  return true;
}

// Whether the directed rounding of a conversion From -> To can differ from round-to-nearest.
template <typename From, typename To> constexpr bool conversion_may_round() {
  if constexpr (!is_floating_element_v<To>) {
    return false;
  } else if constexpr (is_floating_element_v<From>) {
    return sizeof(From) > sizeof(To);
  } else {
    constexpr int value_bits = int(sizeof(From) * 8) - (std::is_signed_v<From> ? 1 : 0);
    return value_bits > std::numeric_limits<To>::digits;
  }
}

// The value of T next to `from` in the direction of `to`, as C's nextafter: `to` when they are
// equal, NaN when either is NaN.
template <typename T> T next_toward(T from, T to) {
  if constexpr (std::is_same_v<T, float>) {
    return __builtin_nextafterf(from, to);
  } else if constexpr (std::is_same_v<T, double>) {
    return __builtin_nextafter(from, to);
  } else {
    // half: the neighbouring encoding (binary16 orders like a sign-magnitude integer).
    if (from != from || to != to) return from + to;
    if (from == to) return to;
    if (from == 0) return half::from_bits(to > 0 ? 0x0001 : 0x8001);
    const bool away_from_zero = (from < to) == (from > 0);
    return half::from_bits(std::uint16_t(from.bits() + (away_from_zero ? 1 : -1)));
  }
}

// Converts one element to a floating-point type with a directed rounding mode: round to nearest
// first, then step to the neighbouring value when that went the wrong way. The comparison is made
// in a type that holds both values exactly (long double holds 64-bit integers exactly on x86-64
// and AArch64).
template <typename To, rounding_mode Mode, typename From> To convert_directed(From value) {
  using exact = std::conditional_t<std::is_integral_v<From> && sizeof(From) == 8, long double, double>;
  const To nearest = static_cast<To>(value);
  const exact wanted = static_cast<exact>(value);
  const exact got = static_cast<exact>(nearest);
  if constexpr (Mode == rounding_mode::rtp) {
    if (got < wanted) return next_toward(nearest, To(__builtin_inf()));
  } else if constexpr (Mode == rounding_mode::rtn) {
    if (got > wanted) return next_toward(nearest, To(-__builtin_inf()));
  } else if constexpr (Mode == rounding_mode::rtz) {
    if ((wanted > 0 && got > wanted) || (wanted < 0 && got < wanted)) return next_toward(nearest, To(0));
  }
  return nearest;
}

// The result types of vec operators: a binary operator takes two vec-likes of the same vec type,
// or one vec-like and a scalar, which is converted to the element type and broadcast. A scalar is
// an arithmetic value or a 1-element vec or swizzle (which converts to its element, so that
// `v3 * v4.w()` scales v3 as in SYCL 2020).
template <typename T> constexpr bool is_scalar_operand() {
  if constexpr (is_vec_like_v<T>)
    return vec_of_t<T>::size() == 1;
  else
    return is_scalar_element_v<T>;
}
template <typename L, typename R> constexpr bool same_vec() {
  if constexpr (is_vec_like_v<L> && is_vec_like_v<R>)
    return std::is_same_v<vec_of_t<L>, vec_of_t<R>>;
  else
    return false;
}
template <typename L, typename R, typename = void> struct vec_operation {};
template <typename L, typename R> struct vec_operation<L, R, std::enable_if_t<same_vec<L, R>()>> {
  using type = vec_of_t<L>;
};
template <typename L, typename R>
struct vec_operation<L, R, std::enable_if_t<is_vec_like_v<L> && !same_vec<L, R>() && is_scalar_operand<R>()>> {
  using type = vec_of_t<L>;
};
template <typename L, typename R>
struct vec_operation<L, R,
                     std::enable_if_t<is_vec_like_v<R> && !same_vec<L, R>() && is_scalar_operand<L>() &&
                                      !(is_vec_like_v<L> && is_scalar_operand<R>())>> {
  using type = vec_of_t<R>;
};
template <typename L, typename R> using vec_operation_t = typename vec_operation<L, R>::type;

// The lanes of a vec of T as they may be stored: for bool, 0 or 1 (any nonzero lane becomes 1).
template <typename T, typename Native> NCPU_VECTOR_INLINE Native normalised(Native lanes) {
  if constexpr (std::is_same_v<T, bool>)
    return __builtin_convertvector(lanes != Native{}, Native) & Native(1);
  else
    return lanes;
}

// Comparisons and logical operators yield -1 (true) or 0 in the signed integer of the element's
// width.
template <typename V> using comparison_t = vec<same_size_signed_t<typename V::element_type>, V::size()>;

} // namespace detail

template <typename DataT, int NumElements>
class vec : public detail::named_swizzles<vec<DataT, NumElements>, NumElements> {
  static_assert(detail::is_vec_element_v<DataT>, "sycl::vec elements are arithmetic types, std::byte or half");
  static_assert(detail::is_vec_size(NumElements), "sycl::vec has 1, 2, 3, 4, 8 or 16 elements");

public:
  using element_type = DataT;
  using value_type = DataT;
  using vector_t = detail::native_vector<detail::storage_lane_t<DataT>, NumElements>;

  constexpr vec() : data_{} {}
  explicit constexpr vec(const DataT &arg) : data_(lane(arg)) {}
  // Scalars, vecs and swizzles whose elements add up to NumElements, in order.
  template <typename... Args, std::enable_if_t<detail::element_list_ok<DataT, NumElements, Args...>(), int> = 0>
  constexpr vec(const Args &...args) : data_{} {
    int position = 0;
    (append(position, args), ...);
  }
  constexpr vec(const vec &) = default;
  constexpr vec &operator=(const vec &) = default;
  explicit constexpr NCPU_VECTOR_INLINE vec(vector_t native) : data_(native) {}
  constexpr NCPU_VECTOR_INLINE operator vector_t() const { return data_; }

  // A 1-element vec converts to its element (detail/single_element.hpp).
  constexpr operator detail::element_if_single<DataT, NumElements>() const { return DataT(data_[0]); }
  template <typename T, std::enable_if_t<detail::converts_through_element<DataT, T, NumElements>, int> = 0>
  constexpr operator T() const {
    return static_cast<T>(DataT(data_[0]));
  }

  vec &operator=(const DataT &value) {
    data_ = vector_t(lane(value));
    return *this;
  }
  // Another arithmetic scalar, converted to the element type first. Without this exact match,
  // `vec<half, N> = 0` is ambiguous: int reaches both `half` and `vec` only through constructors.
  template <typename Scalar, std::enable_if_t<std::is_arithmetic_v<Scalar> && !std::is_same_v<Scalar, DataT> &&
                                                  std::is_convertible_v<Scalar, DataT>,
                                              int> = 0>
  vec &operator=(const Scalar &value) {
    return *this = DataT(value);
  }
  // A swizzle of this vec's type (an exact match, so that for 1-element vecs the conversion to
  // the element does not compete).
  template <typename Swizzle, std::enable_if_t<detail::is_swizzle_v<Swizzle> && detail::same_vec<Swizzle, vec>(), int> = 0>
  vec &operator=(const Swizzle &swizzle) {
    return *this = vec(swizzle);
  }

  static constexpr std::size_t byte_size() noexcept { return sizeof(vector_t); }
  static constexpr std::size_t size() noexcept { return NumElements; }
  [[deprecated("use size()")]] std::size_t get_count() const { return size(); }
  [[deprecated("use byte_size()")]] std::size_t get_size() const { return byte_size(); }

  // Element conversion: by default (rounding_mode::automatic) with the source element type's
  // default rounding, to nearest even from floating point (also to an integer, unlike a C++
  // cast) and toward zero from an integer (SYCL 2020, "Rounding modes"); as asked otherwise.
  template <typename ConvertT, rounding_mode RoundingMode = rounding_mode::automatic>
  vec<ConvertT, NumElements> convert() const {
    static_assert(detail::is_vec_element_v<ConvertT>, "convert<T>() needs a vec element type");
    using result = vec<ConvertT, NumElements>;
    if constexpr (detail::is_floating_element_v<DataT> && std::is_integral_v<ConvertT>) {
      using lanes = typename result::vector_t;
      return result(detail::normalised<ConvertT>(__builtin_convertvector(rounded_to_integer<RoundingMode>(), lanes)));
    } else if constexpr (RoundingMode != rounding_mode::automatic && RoundingMode != rounding_mode::rte &&
                         detail::conversion_may_round<DataT, ConvertT>()) {
      result converted;
      for (int i = 0; i < NumElements; ++i) converted[i] = detail::convert_directed<ConvertT, RoundingMode>(DataT(data_[i]));
      return converted;
    } else {
      using lanes = typename result::vector_t;
      return result(detail::normalised<ConvertT>(__builtin_convertvector(data_, lanes)));
    }
  }

  // The same bytes as another vec type of the same size.
  template <typename AsT> AsT as() const {
    static_assert(detail::is_vec_like_v<AsT> && !detail::is_swizzle_v<AsT>, "as<T>() reinterprets as a vec type");
    static_assert(sizeof(AsT) == sizeof(vec), "as<T>() needs a vec of the same size in bytes");
    return __builtin_bit_cast(AsT, *this);
  }

  template <int... Indices> detail::swizzled_vec<vec, Indices...> swizzle() {
    return detail::swizzled_vec<vec, Indices...>(*this);
  }
  template <int... Indices> detail::swizzled_vec<const vec, Indices...> swizzle() const {
    return detail::swizzled_vec<const vec, Indices...>(*this);
  }

  // NumElements elements from ptr + offset * NumElements.
  template <typename PointeeT, access::address_space Space, access::decorated Decorated,
            std::enable_if_t<std::is_same_v<std::remove_const_t<PointeeT>, DataT>, int> = 0>
  void load(std::size_t offset, multi_ptr<PointeeT, Space, Decorated> ptr) {
    load(offset, static_cast<const DataT *>(ptr.get()));
  }
  template <access::address_space Space, access::decorated Decorated>
  void store(std::size_t offset, multi_ptr<DataT, Space, Decorated> ptr) const {
    store(offset, ptr.get());
  }
  // The raw pointer forms (SYCL 2020 4.14.2.1, since revision 9).
  void load(std::size_t offset, const DataT *ptr) {
    const DataT *source = ptr + offset * NumElements;
    for (int i = 0; i < NumElements; ++i) data_[i] = lane(source[i]);
  }
  void store(std::size_t offset, DataT *ptr) const {
    DataT *target = ptr + offset * NumElements;
    for (int i = 0; i < NumElements; ++i) target[i] = static_cast<DataT>(data_[i]);
  }

  DataT &operator[](int index) { return reinterpret_cast<DataT *>(&data_)[index]; }
  const DataT &operator[](int index) const { return reinterpret_cast<const DataT *>(&data_)[index]; }

#define NCPU_VEC_COMPOUND_ASSIGNMENT(op)                                                            \
  template <typename Rhs>                                                                           \
  auto operator op##=(const Rhs &rhs)->decltype(std::declval<const vec &>() op rhs, std::declval<vec &>()) { \
    return *this = *this op rhs;                                                                    \
  }
  NCPU_VEC_COMPOUND_ASSIGNMENT(+)
  NCPU_VEC_COMPOUND_ASSIGNMENT(-)
  NCPU_VEC_COMPOUND_ASSIGNMENT(*)
  NCPU_VEC_COMPOUND_ASSIGNMENT(/)
  NCPU_VEC_COMPOUND_ASSIGNMENT(%)
  NCPU_VEC_COMPOUND_ASSIGNMENT(&)
  NCPU_VEC_COMPOUND_ASSIGNMENT(|)
  NCPU_VEC_COMPOUND_ASSIGNMENT(^)
  NCPU_VEC_COMPOUND_ASSIGNMENT(<<)
  NCPU_VEC_COMPOUND_ASSIGNMENT(>>)
#undef NCPU_VEC_COMPOUND_ASSIGNMENT

  vec &operator++() {
    data_ = detail::normalised<DataT>(vector_t(data_ + vector_t(lane(DataT(1)))));
    return *this;
  }
  vec &operator--() {
    data_ = detail::normalised<DataT>(vector_t(data_ - vector_t(lane(DataT(1)))));
    return *this;
  }
  vec operator++(int) {
    vec old = *this;
    ++*this;
    return old;
  }
  vec operator--(int) {
    vec old = *this;
    --*this;
    return old;
  }

private:
  template <typename, int> friend class vec;
  template <typename, int...> friend class detail::swizzled_vec;

  static constexpr detail::storage_lane_t<DataT> lane(const DataT &value) {
    return static_cast<detail::storage_lane_t<DataT>>(value);
  }

  template <typename Arg> constexpr void append(int &position, const Arg &arg) {
    if constexpr (detail::is_vec_like_v<Arg>) {
      const detail::vec_of_t<Arg> part(arg);
      for (int i = 0; i < int(part.size()); ++i) data_[position++] = part.data_[i];
    } else {
      data_[position++] = lane(static_cast<DataT>(arg));
    }
  }

  template <rounding_mode Mode> NCPU_VECTOR_INLINE vector_t rounded_to_integer() const {
    if constexpr (Mode == rounding_mode::rte || Mode == rounding_mode::automatic)
      return __builtin_elementwise_roundeven(data_);
    else if constexpr (Mode == rounding_mode::rtp)
      return __builtin_elementwise_ceil(data_);
    else if constexpr (Mode == rounding_mode::rtn)
      return __builtin_elementwise_floor(data_);
    else
      return data_; // the conversion itself rounds toward zero
  }

  vector_t data_;
};

template <class T, class... U> vec(T, U...) -> vec<T, sizeof...(U) + 1>;

namespace detail {

// A view of some elements of a vec (VecT may be const); see the top of this file.
template <typename VecT, int... Indices>
class swizzled_vec : public named_swizzles<swizzled_vec<VecT, Indices...>, sizeof...(Indices)> {
  using source_type = std::remove_const_t<VecT>;
  static constexpr int source_size = source_type::size();
  static constexpr int index_list[] = {Indices...};
  static_assert(is_vec_size(sizeof...(Indices)), "a swizzle selects 1, 2, 3, 4, 8 or 16 elements");
  static_assert(((Indices >= 0 && Indices < padded_size(source_size)) && ...), "swizzle index out of range");

public:
  using element_type = typename source_type::element_type;
  using value_type = element_type;
  using vec_type = vec<element_type, sizeof...(Indices)>;

  explicit swizzled_vec(VecT &source) : source_(&source) {}
  swizzled_vec(const swizzled_vec &) = default;

  operator vec_type() const {
    return vec_type(typename vec_type::vector_t{static_cast<storage_lane_t<element_type>>(read<Indices>())...});
  }
  operator element_if_single<element_type, sizeof...(Indices)>() const { return read<index_list[0]>(); }
  template <typename T, std::enable_if_t<converts_through_element<element_type, T, sizeof...(Indices)>, int> = 0>
  operator T() const {
    return static_cast<T>(read<index_list[0]>());
  }

  swizzled_vec &operator=(const swizzled_vec &other) { return assign(vec_type(other)); }
  template <typename Other, std::enable_if_t<is_vec_like_v<Other> && std::is_same_v<vec_of_t<Other>, vec_type>, int> = 0>
  swizzled_vec &operator=(const Other &other) {
    return assign(vec_type(other));
  }
  swizzled_vec &operator=(const element_type &value) { return assign(vec_type(value)); }

#define NCPU_SWIZZLE_COMPOUND_ASSIGNMENT(op)                                                        \
  template <typename Rhs>                                                                           \
  auto operator op##=(const Rhs &rhs)->decltype(std::declval<const vec_type &>() op rhs, std::declval<swizzled_vec &>()) { \
    return assign(vec_type(*this) op rhs);                                                          \
  }
  NCPU_SWIZZLE_COMPOUND_ASSIGNMENT(+)
  NCPU_SWIZZLE_COMPOUND_ASSIGNMENT(-)
  NCPU_SWIZZLE_COMPOUND_ASSIGNMENT(*)
  NCPU_SWIZZLE_COMPOUND_ASSIGNMENT(/)
  NCPU_SWIZZLE_COMPOUND_ASSIGNMENT(%)
  NCPU_SWIZZLE_COMPOUND_ASSIGNMENT(&)
  NCPU_SWIZZLE_COMPOUND_ASSIGNMENT(|)
  NCPU_SWIZZLE_COMPOUND_ASSIGNMENT(^)
  NCPU_SWIZZLE_COMPOUND_ASSIGNMENT(<<)
  NCPU_SWIZZLE_COMPOUND_ASSIGNMENT(>>)
#undef NCPU_SWIZZLE_COMPOUND_ASSIGNMENT

  swizzled_vec &operator++() { return assign(vec_type(*this) + element_type(1)); }
  swizzled_vec &operator--() { return assign(vec_type(*this) - element_type(1)); }
  vec_type operator++(int) {
    vec_type old(*this);
    ++*this;
    return old;
  }
  vec_type operator--(int) {
    vec_type old(*this);
    --*this;
    return old;
  }

  decltype(auto) operator[](int index) const { return (*source_)[index_list[index]]; }

  static constexpr std::size_t size() noexcept { return sizeof...(Indices); }
  static constexpr std::size_t byte_size() noexcept { return sizeof(vec_type); }
  [[deprecated("use size()")]] std::size_t get_count() const { return size(); }
  [[deprecated("use byte_size()")]] std::size_t get_size() const { return byte_size(); }

  template <typename ConvertT, rounding_mode RoundingMode = rounding_mode::automatic>
  vec<ConvertT, sizeof...(Indices)> convert() const {
    return vec_type(*this).template convert<ConvertT, RoundingMode>();
  }
  template <typename AsT> AsT as() const { return vec_type(*this).template as<AsT>(); }

  template <int... Selected> swizzled_vec<VecT, index_list[Selected]...> swizzle() const {
    return swizzled_vec<VecT, index_list[Selected]...>(*source_);
  }

  template <typename PointeeT, access::address_space Space, access::decorated Decorated>
  void load(std::size_t offset, multi_ptr<PointeeT, Space, Decorated> ptr) {
    load(offset, static_cast<const element_type *>(ptr.get()));
  }
  template <access::address_space Space, access::decorated Decorated>
  void store(std::size_t offset, multi_ptr<element_type, Space, Decorated> ptr) const {
    store(offset, ptr.get());
  }
  void load(std::size_t offset, const element_type *ptr) {
    vec_type loaded;
    loaded.load(offset, ptr);
    assign(loaded);
  }
  void store(std::size_t offset, element_type *ptr) const { vec_type(*this).store(offset, ptr); }

private:
  // Reading element 3 of a 3-element vec (through hi() or odd()) gives an unspecified value, 0
  // here; writing it does nothing.
  template <int Index> element_type read() const {
    if constexpr (Index < source_size)
      return element_type(source_->data_[Index]);
    else
      return element_type{};
  }
  // A lane as the vec stores it (std::byte lanes are unsigned char).
  template <int Index> void write(storage_lane_t<element_type> lane) {
    if constexpr (Index < source_size) source_->data_[Index] = lane;
  }

  // The new value is complete before the first write, so `v.xy() = v.yx()` swaps.
  swizzled_vec &assign(const vec_type &value) {
    static_assert(!std::is_const_v<VecT>, "a swizzle of a const vec cannot be assigned to");
    static_assert(indices_distinct<Indices...>(), "a swizzle that repeats an element cannot be assigned to");
    assign_elements(value, std::make_integer_sequence<int, sizeof...(Indices)>());
    return *this;
  }
  template <int... Positions> void assign_elements(const vec_type &value, std::integer_sequence<int, Positions...>) {
    (write<Indices>(value.data_[Positions]), ...);
  }

  VecT *source_;
};

// One operand of a vec operator as the native vector of V.
template <typename V, typename X> NCPU_VECTOR_INLINE typename V::vector_t operand(const X &x) {
  if constexpr (same_vec<X, V>())
    return typename V::vector_t(V(x));
  else
    return typename V::vector_t(
        static_cast<storage_lane_t<typename V::element_type>>(static_cast<typename V::element_type>(x)));
}

template <typename V, typename Mask> NCPU_VECTOR_INLINE comparison_t<V> to_comparison(Mask mask) {
  return comparison_t<V>(__builtin_convertvector(mask, typename comparison_t<V>::vector_t));
}

} // namespace detail

namespace detail {
// Which elements an operator takes: arithmetic ones every element but std::byte, % integers, the
// bitwise operators and shifts integers and std::byte.
enum class operator_elements { arithmetic, integers, bits };
template <typename T, operator_elements Kind> constexpr bool operator_takes() {
  constexpr bool byte = std::is_same_v<T, std::byte>;
  if constexpr (Kind == operator_elements::arithmetic)
    return !byte;
  else if constexpr (Kind == operator_elements::integers)
    return std::is_integral_v<T>;
  else
    return std::is_integral_v<T> || byte;
}
} // namespace detail

#define NCPU_VEC_BINARY_OPERATOR(op, elements)                                                      \
  template <typename L, typename R, typename V = detail::vec_operation_t<L, R>,                     \
            std::enable_if_t<detail::operator_takes<typename V::element_type, detail::operator_elements::elements>(), int> = 0> \
  V operator op(const L &l, const R &r) {                                                           \
    using lanes = typename V::vector_t;                                                             \
    return V(detail::normalised<typename V::element_type>(lanes(detail::operand<V>(l) op detail::operand<V>(r)))); \
  }
NCPU_VEC_BINARY_OPERATOR(+, arithmetic)
NCPU_VEC_BINARY_OPERATOR(-, arithmetic)
NCPU_VEC_BINARY_OPERATOR(*, arithmetic)
NCPU_VEC_BINARY_OPERATOR(/, arithmetic)
NCPU_VEC_BINARY_OPERATOR(%, integers)
NCPU_VEC_BINARY_OPERATOR(&, bits)
NCPU_VEC_BINARY_OPERATOR(|, bits)
NCPU_VEC_BINARY_OPERATOR(^, bits)
NCPU_VEC_BINARY_OPERATOR(<<, bits)
NCPU_VEC_BINARY_OPERATOR(>>, bits)
#undef NCPU_VEC_BINARY_OPERATOR

#define NCPU_VEC_COMPARISON(op)                                                                     \
  template <typename L, typename R, typename V = detail::vec_operation_t<L, R>>                     \
  detail::comparison_t<V> operator op(const L &l, const R &r) {                                     \
    return detail::to_comparison<V>(detail::operand<V>(l) op detail::operand<V>(r));                \
  }
NCPU_VEC_COMPARISON(==)
NCPU_VEC_COMPARISON(!=)
NCPU_VEC_COMPARISON(<)
NCPU_VEC_COMPARISON(>)
NCPU_VEC_COMPARISON(<=)
NCPU_VEC_COMPARISON(>=)
#undef NCPU_VEC_COMPARISON

template <typename L, typename R, typename V = detail::vec_operation_t<L, R>>
detail::comparison_t<V> operator&&(const L &l, const R &r) {
  const typename V::vector_t zero{};
  return detail::to_comparison<V>((detail::operand<V>(l) != zero) & (detail::operand<V>(r) != zero));
}
template <typename L, typename R, typename V = detail::vec_operation_t<L, R>>
detail::comparison_t<V> operator||(const L &l, const R &r) {
  const typename V::vector_t zero{};
  return detail::to_comparison<V>((detail::operand<V>(l) != zero) | (detail::operand<V>(r) != zero));
}

template <typename T, typename V = detail::vec_of_t<T>> V operator+(const T &x) { return V(x); }
template <typename T, typename V = detail::vec_of_t<T>,
          std::enable_if_t<detail::operator_takes<typename V::element_type, detail::operator_elements::arithmetic>(), int> = 0>
V operator-(const T &x) {
  return V(detail::normalised<typename V::element_type>(-typename V::vector_t(V(x))));
}
template <typename T, typename V = detail::vec_of_t<T>,
          std::enable_if_t<detail::operator_takes<typename V::element_type, detail::operator_elements::bits>(), int> = 0>
V operator~(const T &x) {
  return V(detail::normalised<typename V::element_type>(~typename V::vector_t(V(x))));
}
template <typename T, typename V = detail::vec_of_t<T>> detail::comparison_t<V> operator!(const T &x) {
  return detail::to_comparison<V>(typename V::vector_t(V(x)) == typename V::vector_t{});
}

// Aliases, SYCL 2020 section 4.14.2.2, and the OpenCL-style cl_ names.
#define NCPU_VEC_ALIASES(prefix, type)                                                              \
  using prefix##2 = vec<type, 2>;                                                                   \
  using prefix##3 = vec<type, 3>;                                                                   \
  using prefix##4 = vec<type, 4>;                                                                   \
  using prefix##8 = vec<type, 8>;                                                                   \
  using prefix##16 = vec<type, 16>;
NCPU_VEC_ALIASES(char, std::int8_t)
NCPU_VEC_ALIASES(uchar, std::uint8_t)
NCPU_VEC_ALIASES(schar, std::int8_t)
NCPU_VEC_ALIASES(short, std::int16_t)
NCPU_VEC_ALIASES(ushort, std::uint16_t)
NCPU_VEC_ALIASES(int, std::int32_t)
NCPU_VEC_ALIASES(uint, std::uint32_t)
NCPU_VEC_ALIASES(long, std::int64_t)
NCPU_VEC_ALIASES(ulong, std::uint64_t)
NCPU_VEC_ALIASES(longlong, long long)
NCPU_VEC_ALIASES(ulonglong, unsigned long long)
NCPU_VEC_ALIASES(float, float)
NCPU_VEC_ALIASES(double, double)
NCPU_VEC_ALIASES(half, half)

// SYCL 2020 4.14.1: the deprecated 8-bit unsigned integer type (std::byte replaces it).
using byte = unsigned char;

using cl_char = std::int8_t;
using cl_uchar = std::uint8_t;
using cl_short = std::int16_t;
using cl_ushort = std::uint16_t;
using cl_int = std::int32_t;
using cl_uint = std::uint32_t;
using cl_long = std::int64_t;
using cl_ulong = std::uint64_t;
using cl_float = float;
using cl_double = double;
using cl_half = half;
NCPU_VEC_ALIASES(cl_char, cl_char)
NCPU_VEC_ALIASES(cl_uchar, cl_uchar)
NCPU_VEC_ALIASES(cl_short, cl_short)
NCPU_VEC_ALIASES(cl_ushort, cl_ushort)
NCPU_VEC_ALIASES(cl_int, cl_int)
NCPU_VEC_ALIASES(cl_uint, cl_uint)
NCPU_VEC_ALIASES(cl_long, cl_long)
NCPU_VEC_ALIASES(cl_ulong, cl_ulong)
NCPU_VEC_ALIASES(cl_float, cl_float)
NCPU_VEC_ALIASES(cl_double, cl_double)
NCPU_VEC_ALIASES(cl_half, cl_half)
#undef NCPU_VEC_ALIASES

// The OpenCL backend specification's scalar types, which programs (and the SYCL-CTS) name as
// sycl::opencl::cl_* (the same types as the sycl::cl_* above, and cl_bool).
namespace opencl {
using sycl::cl_char;
using sycl::cl_double;
using sycl::cl_float;
using sycl::cl_half;
using sycl::cl_int;
using sycl::cl_long;
using sycl::cl_short;
using sycl::cl_uchar;
using sycl::cl_uint;
using sycl::cl_ulong;
using sycl::cl_ushort;
using cl_bool = bool;
} // namespace opencl

} // namespace _V1
} // namespace sycl
