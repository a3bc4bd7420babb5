// <sycl/ext/oneapi/experimental/annotated_ptr/annotated_ptr.hpp>: DPC++'s
// sycl_ext_oneapi_annotated_ptr. annotated_ptr<T, properties<...>> is a pointer that carries
// compile-time properties through its uses; its `*` and `[]` give an annotated_ref<T, ...>,
// which reads T when converted and writes it when assigned:
//
//   namespace syclex = sycl::ext::oneapi::experimental;
//   syclex::annotated_ptr in(input, syclex::restrict);    // annotated_ptr<float, properties<...>>
//   q.parallel_for(n, [=](sycl::id<1> i) { out[i] += in[i] * 2; });
//
// Both are as small as the pointer and trivially copyable, so kernels capture them like one.
// alignment<N> is the property that changes code here: the pointer an annotated_ptr holds is
// given to the compiler as N-byte aligned wherever it is used (`*`, `[]`, get()), and, as in
// DPC++, `+`, `++` and `--` are refused on such a pointer, whose moved value would no longer be
// aligned (docs/dpcpp-headers.md, "Annotated pointers").
#pragma once

#define SYCL_EXT_ONEAPI_ANNOTATED_PTR 1

#include <cstddef>
#include <type_traits>
#include <utility>

#include "../common_annotated_properties/properties.hpp"
#include "annotated_ptr_properties.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

template <typename T, typename PropertyListT = empty_properties_t> class annotated_ref;

namespace detail {
// annotated_ref and annotated_arg stand for a T value; an operator between two of them is the
// one the left operand's class defines.
template <typename T> inline constexpr bool is_annotated_value_v = false;
template <typename T, typename P> inline constexpr bool is_annotated_value_v<annotated_ref<T, P>> = true;
template <typename T, typename P> inline constexpr bool is_annotated_value_v<annotated_arg<T, P>> = true;

// `pointer`, given to the compiler as aligned to the alignment<N> PropertyList declares (a
// power of two; any other N is no promise the compiler can use).
template <typename PropertyList, typename T> T *assume_declared_alignment(T *pointer) noexcept {
  constexpr int alignment = declared_alignment<PropertyList>();
  if constexpr (alignment > 1 && (alignment & (alignment - 1)) == 0)
    return static_cast<T *>(__builtin_assume_aligned(pointer, alignment));
  else
    return pointer;
}
} // namespace detail

// The binary and unary operators of a class `Self` that stands for a T value (annotated_ref here,
// annotated_arg in annotated_arg.hpp): each reads the value once and applies the operator to it,
// on either side of any operand T's operator takes. The annotated operand is a template
// parameter that must be Self itself, so that no operand converts to Self on the way (an
// annotated_arg is made from a T implicitly, which would make `arg / 2.0f` look for itself).
#define NCPU_ANNOTATED_BINARY_OPERATOR(Self, op)                                                   \
  template <typename Other, typename Annotated, std::enable_if_t<std::is_same_v<Annotated, Self>, int> = 0> \
  friend auto operator op(Other &&a, const Annotated &b)->decltype(std::forward<Other>(a) op std::declval<T>()) { \
    return std::forward<Other>(a) op static_cast<T>(b);                                             \
  }                                                                                                 \
  template <typename Annotated, typename Other,                                                     \
            std::enable_if_t<std::is_same_v<Annotated, Self> &&                                     \
                                 !detail::is_annotated_value_v<std::decay_t<Other>>, int> = 0>      \
  friend auto operator op(const Annotated &a, Other &&b)->decltype(std::declval<T>() op std::forward<Other>(b)) { \
    return static_cast<T>(a) op std::forward<Other>(b);                                             \
  }
#define NCPU_ANNOTATED_UNARY_OPERATOR(op)                                                           \
  template <typename Value = T> auto operator op() const->decltype(op std::declval<Value>()) {      \
    return op static_cast<Value>(*this);                                                            \
  }
#define NCPU_ANNOTATED_VALUE_OPERATORS(Self)                                                        \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, +)                                                           \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, -)                                                           \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, *)                                                           \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, /)                                                           \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, %)                                                           \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, <<)                                                          \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, >>)                                                          \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, &)                                                           \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, |)                                                           \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, ^)                                                           \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, <)                                                           \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, <=)                                                          \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, >)                                                           \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, >=)                                                          \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, ==)                                                          \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, !=)                                                          \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, &&)                                                          \
  NCPU_ANNOTATED_BINARY_OPERATOR(Self, ||)                                                          \
  NCPU_ANNOTATED_UNARY_OPERATOR(+)                                                                  \
  NCPU_ANNOTATED_UNARY_OPERATOR(-)                                                                  \
  NCPU_ANNOTATED_UNARY_OPERATOR(!)                                                                  \
  NCPU_ANNOTATED_UNARY_OPERATOR(~)

// A compound assignment of annotated_ref: read, apply, write back, return the new value;
// available when T has the operator for the operand.
#define NCPU_ANNOTATED_COMPOUND_ASSIGNMENT(op)                                                      \
  template <typename Other>                                                                         \
  auto operator op(Other &&operand) const->std::decay_t<decltype((void)(std::declval<T &>() op std::forward<Other>(operand)), std::declval<T>())> { \
    T value = *this;                                                                                \
    value op std::forward<Other>(operand);                                                          \
    *this = value;                                                                                  \
    return value;                                                                                   \
  }

// The element an annotated_ptr points to, as a value: it cannot be copied or rebound, only read
// (conversion to T) and written (assignment, compound assignment, ++ and --), each a load or a
// store through the annotated pointer.
template <typename T, typename PropertyListT> class annotated_ref {
  static_assert(is_property_list_v<PropertyListT>, "an annotated_ref's properties are a properties<...> list");
  static_assert(std::is_trivially_copyable_v<T>, "annotated_ref can only refer to a trivially copyable type");

public:
  annotated_ref(const annotated_ref &) = delete;

  operator T() const { return *pointer_; }

  template <typename Other, typename = std::enable_if_t<!detail::is_annotated_value_v<std::decay_t<Other>>>>
  T operator=(Other &&value) const {
    return *pointer_ = std::forward<Other>(value);
  }
  T operator=(const annotated_ref &other) const { return *this = static_cast<T>(other); }
  template <typename U, typename P> T operator=(const annotated_ref<U, P> &other) const {
    return *this = static_cast<U>(other);
  }

  NCPU_ANNOTATED_COMPOUND_ASSIGNMENT(+=)
  NCPU_ANNOTATED_COMPOUND_ASSIGNMENT(-=)
  NCPU_ANNOTATED_COMPOUND_ASSIGNMENT(*=)
  NCPU_ANNOTATED_COMPOUND_ASSIGNMENT(/=)
  NCPU_ANNOTATED_COMPOUND_ASSIGNMENT(%=)
  NCPU_ANNOTATED_COMPOUND_ASSIGNMENT(<<=)
  NCPU_ANNOTATED_COMPOUND_ASSIGNMENT(>>=)
  NCPU_ANNOTATED_COMPOUND_ASSIGNMENT(&=)
  NCPU_ANNOTATED_COMPOUND_ASSIGNMENT(|=)
  NCPU_ANNOTATED_COMPOUND_ASSIGNMENT(^=)

  T operator++() const {
    T value = *this;
    *this = ++value;
    return value;
  }
  T operator++(int) const {
    T old = *this;
    T value = old;
    *this = ++value;
    return old;
  }
  T operator--() const {
    T value = *this;
    *this = --value;
    return value;
  }
  T operator--(int) const {
    T old = *this;
    T value = old;
    *this = --value;
    return old;
  }

  NCPU_ANNOTATED_VALUE_OPERATORS(annotated_ref)

private:
  template <typename, typename> friend class annotated_ptr;
  explicit annotated_ref(T *pointer) noexcept : pointer_(pointer) {}

  T *pointer_;
};

#undef NCPU_ANNOTATED_COMPOUND_ASSIGNMENT

template <typename T, typename PropertyListT = empty_properties_t> class annotated_ptr {
  static_assert(is_property_list_v<PropertyListT>, "an annotated_ptr's properties are a properties<...> list");
  static_assert(std::is_void_v<T> || std::is_trivially_copyable_v<T>,
                "annotated_ptr can only point to void or a trivially copyable type");
  static_assert(detail::is_valid_property_list_for<T *, PropertyListT>::value,
                "annotated_ptr: a property in the list is not a property of pointers");

public:
  using reference = annotated_ref<T, PropertyListT>;

  annotated_ptr() noexcept = default;
  explicit annotated_ptr(T *pointer) noexcept : pointer_(pointer) {}
  // The property values, or a list, given must all be among the pointer's properties (a list
  // is one of these; with a parameter of the list's type, class template argument deduction
  // would take the first value given for the list).
  template <typename... Values>
  explicit annotated_ptr(T *pointer, const Values &...) noexcept : pointer_(pointer) {
    static_assert(std::is_same_v<PropertyListT, detail::merged_properties_t<PropertyListT, detail::property_list_of_t<Values...>>>,
                  "annotated_ptr: the pointer's properties must include every property given");
  }
  // From a pointer whose properties are all among this one's.
  template <typename T2, typename P2>
  explicit annotated_ptr(const annotated_ptr<T2, P2> &other) noexcept : pointer_(other.get()) {
    static_assert(std::is_convertible_v<T2 *, T *>, "annotated_ptr: the pointers do not convert");
    static_assert(std::is_same_v<PropertyListT, detail::merged_properties_t<PropertyListT, P2>>,
                  "annotated_ptr: the pointer's properties must include every property of the one it is made from");
  }
  // From a pointer and more properties: the union of both lists.
  template <typename T2, typename PropertyListU, typename PropertyListV>
  explicit annotated_ptr(const annotated_ptr<T2, PropertyListU> &other, const PropertyListV &) noexcept
      : pointer_(other.get()) {
    static_assert(std::is_convertible_v<T2 *, T *>, "annotated_ptr: the pointers do not convert");
    static_assert(std::is_same_v<PropertyListT, detail::merged_properties_t<PropertyListU, PropertyListV>>,
                  "annotated_ptr: the pointer's properties must be the union of the two lists");
  }
  annotated_ptr(const annotated_ptr &) noexcept = default;
  annotated_ptr &operator=(const annotated_ptr &) noexcept = default;

  template <typename Element = T, typename = std::enable_if_t<!std::is_void_v<Element>>>
  annotated_ref<Element, PropertyListT> operator*() const noexcept {
    return annotated_ref<Element, PropertyListT>(get());
  }
  // The alignment of get() is the base pointer's, so indexing keeps its promise.
  template <typename Element = T, typename = std::enable_if_t<!std::is_void_v<Element>>>
  annotated_ref<Element, PropertyListT> operator[](std::ptrdiff_t index) const noexcept {
    return annotated_ref<Element, PropertyListT>(get() + index);
  }

  template <typename Element = T, typename = std::enable_if_t<!std::is_void_v<Element>>>
  annotated_ptr operator+(std::size_t offset) const noexcept {
    static_assert(!has_alignment, "annotated_ptr: operator+ is not available when alignment is specified");
    return annotated_ptr(pointer_ + offset);
  }
  std::ptrdiff_t operator-(annotated_ptr from) const noexcept { return pointer_ - from.pointer_; }
  annotated_ptr &operator++() noexcept {
    static_assert(!has_alignment, "annotated_ptr: operator++ is not available when alignment is specified");
    ++pointer_;
    return *this;
  }
  annotated_ptr operator++(int) noexcept {
    annotated_ptr old = *this;
    ++*this;
    return old;
  }
  annotated_ptr &operator--() noexcept {
    static_assert(!has_alignment, "annotated_ptr: operator-- is not available when alignment is specified");
    --pointer_;
    return *this;
  }
  annotated_ptr operator--(int) noexcept {
    annotated_ptr old = *this;
    --*this;
    return old;
  }

  explicit operator bool() const noexcept { return pointer_ != nullptr; }
  operator T *() const noexcept = delete;
  T *get() const noexcept { return detail::assume_declared_alignment<PropertyListT>(pointer_); }

  template <typename Key> static constexpr bool has_property() { return PropertyListT::template has_property<Key>(); }
  template <typename Key> static constexpr auto get_property() { return PropertyListT::template get_property<Key>(); }

private:
  static constexpr bool has_alignment = detail::declared_alignment<PropertyListT>() != 0;

  T *pointer_ = nullptr;
};

template <typename T, typename... Values>
annotated_ptr(T *, Values...) -> annotated_ptr<T, detail::property_list_of_t<Values...>>;
template <typename T, typename PropertyListA, typename... PropertiesB>
annotated_ptr(annotated_ptr<T, PropertyListA>, properties<PropertiesB...>)
    -> annotated_ptr<T, detail::merged_properties_t<PropertyListA, properties<PropertiesB...>>>;

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
