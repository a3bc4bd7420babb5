// The named swizzle member functions of sycl::vec and of its swizzles (SYCL 2020 section
// 4.14.2.6): x() … w(), r() … a(), s0() … sF(), every 2-, 3- and 4-letter combination of xyzw
// and of rgba (xy(), zyx(), xxyy(), bgra() …), and lo(), hi(), even(), odd().
//
// They live in one CRTP base, named_swizzles<Derived, NumElements>, that both vec and
// detail::swizzled_vec derive from: each name forwards to Derived::swizzle<Indices...>(), so the
// 680 letter combinations are written once (by the macros below, not by hand) and a swizzle of a
// swizzle works like a swizzle of a vec. Every member is a template constrained on NumElements,
// so that a name exists only where the specification makes it available: xyzw letters for up to
// 4 elements and only naming existing elements, rgba letters for exactly 4 elements, sN for
// N < NumElements, lo/hi/even/odd for more than one element. The multi-letter names are always
// available (the specification asks for SYCL_SIMPLE_SWIZZLES to be defined first; defining it is
// harmless here).
//
// A 3-element vec counts as 4 for lo/hi/even/odd: hi() and odd() include the 4th, undefined
// element, as the specification says.
#pragma once

#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {
namespace detail {

template <int... Indices> constexpr int largest_index() {
  int largest = 0;
  ((largest = Indices > largest ? Indices : largest), ...);
  return largest;
}

// xyzw names: at most 4 elements, and every letter names an existing element.
template <int NumElements, int... Indices> constexpr bool xyzw_available() {
  return NumElements <= 4 && largest_index<Indices...>() < NumElements;
}
// rgba names: exactly 4 elements.
template <int NumElements, int... Indices> constexpr bool rgba_available() { return NumElements == 4; }
// sN names: element N exists.
template <int NumElements, int Index> constexpr bool index_available() { return Index < NumElements; }

// Index sequences of lo/hi/even/odd, with a 3-element vec counted as 4.
constexpr int padded_size(int n) { return n == 3 ? 4 : n; }
template <int Offset, int Stride, typename Sequence> struct strided_indices;
template <int Offset, int Stride, int... I> struct strided_indices<Offset, Stride, std::integer_sequence<int, I...>> {
  template <typename Derived> static auto select(Derived &d) { return d.template swizzle<(Offset + Stride * I)...>(); }
  template <typename Derived> static auto select(const Derived &d) {
    return d.template swizzle<(Offset + Stride * I)...>();
  }
};
template <int NumElements, int Offset, int Stride>
using half_of = strided_indices<Offset, Stride, std::make_integer_sequence<int, padded_size(NumElements) / 2>>;

// Calls M(letter, index, extra...) for each letter of a set. There are four copies of each set
// because a macro does not expand inside its own expansion, and a 4-letter name nests four deep.
#define NCPU_XYZW_1(M, ...) M(x, 0, __VA_ARGS__) M(y, 1, __VA_ARGS__) M(z, 2, __VA_ARGS__) M(w, 3, __VA_ARGS__)
#define NCPU_XYZW_2(M, ...) M(x, 0, __VA_ARGS__) M(y, 1, __VA_ARGS__) M(z, 2, __VA_ARGS__) M(w, 3, __VA_ARGS__)
#define NCPU_XYZW_3(M, ...) M(x, 0, __VA_ARGS__) M(y, 1, __VA_ARGS__) M(z, 2, __VA_ARGS__) M(w, 3, __VA_ARGS__)
#define NCPU_XYZW_4(M, ...) M(x, 0, __VA_ARGS__) M(y, 1, __VA_ARGS__) M(z, 2, __VA_ARGS__) M(w, 3, __VA_ARGS__)
#define NCPU_RGBA_1(M, ...) M(r, 0, __VA_ARGS__) M(g, 1, __VA_ARGS__) M(b, 2, __VA_ARGS__) M(a, 3, __VA_ARGS__)
#define NCPU_RGBA_2(M, ...) M(r, 0, __VA_ARGS__) M(g, 1, __VA_ARGS__) M(b, 2, __VA_ARGS__) M(a, 3, __VA_ARGS__)
#define NCPU_RGBA_3(M, ...) M(r, 0, __VA_ARGS__) M(g, 1, __VA_ARGS__) M(b, 2, __VA_ARGS__) M(a, 3, __VA_ARGS__)
#define NCPU_RGBA_4(M, ...) M(r, 0, __VA_ARGS__) M(g, 1, __VA_ARGS__) M(b, 2, __VA_ARGS__) M(a, 3, __VA_ARGS__)

// One named swizzle: `available` is one of the *_available predicates above.
#define NCPU_NAMED_SWIZZLE(available, name, ...)                                                    \
  template <int Size = NumElements, std::enable_if_t<available<Size, __VA_ARGS__>(), int> = 0>      \
  auto name() {                                                                                     \
    return derived().template swizzle<__VA_ARGS__>();                                               \
  }                                                                                                 \
  template <int Size = NumElements, std::enable_if_t<available<Size, __VA_ARGS__>(), int> = 0>      \
  auto name() const {                                                                               \
    return derived().template swizzle<__VA_ARGS__>();                                               \
  }

// 1 to 4 letters of the set SET (XYZW or RGBA); the letters are pasted into the name one
// nesting level at a time.
#define NCPU_SWIZZLES_1_LETTER(l1, i1, SET, available) NCPU_NAMED_SWIZZLE(available, l1, i1)
#define NCPU_SWIZZLES_2_LETTERS_B(l2, i2, available, l1, i1) NCPU_NAMED_SWIZZLE(available, l1##l2, i1, i2)
#define NCPU_SWIZZLES_2_LETTERS(l1, i1, SET, available) SET##_2(NCPU_SWIZZLES_2_LETTERS_B, available, l1, i1)
#define NCPU_SWIZZLES_3_LETTERS_C(l3, i3, available, l1, i1, l2, i2)                                \
  NCPU_NAMED_SWIZZLE(available, l1##l2##l3, i1, i2, i3)
#define NCPU_SWIZZLES_3_LETTERS_B(l2, i2, SET, available, l1, i1)                                   \
  SET##_3(NCPU_SWIZZLES_3_LETTERS_C, available, l1, i1, l2, i2)
#define NCPU_SWIZZLES_3_LETTERS(l1, i1, SET, available) SET##_2(NCPU_SWIZZLES_3_LETTERS_B, SET, available, l1, i1)
#define NCPU_SWIZZLES_4_LETTERS_D(l4, i4, available, l1, i1, l2, i2, l3, i3)                        \
  NCPU_NAMED_SWIZZLE(available, l1##l2##l3##l4, i1, i2, i3, i4)
#define NCPU_SWIZZLES_4_LETTERS_C(l3, i3, SET, available, l1, i1, l2, i2)                           \
  SET##_4(NCPU_SWIZZLES_4_LETTERS_D, available, l1, i1, l2, i2, l3, i3)
#define NCPU_SWIZZLES_4_LETTERS_B(l2, i2, SET, available, l1, i1)                                   \
  SET##_3(NCPU_SWIZZLES_4_LETTERS_C, SET, available, l1, i1, l2, i2)
#define NCPU_SWIZZLES_4_LETTERS(l1, i1, SET, available) SET##_2(NCPU_SWIZZLES_4_LETTERS_B, SET, available, l1, i1)

#define NCPU_LETTER_SWIZZLES(SET, available)                                                        \
  SET##_1(NCPU_SWIZZLES_1_LETTER, SET, available)                                                   \
  SET##_1(NCPU_SWIZZLES_2_LETTERS, SET, available)                                                  \
  SET##_1(NCPU_SWIZZLES_3_LETTERS, SET, available)                                                  \
  SET##_1(NCPU_SWIZZLES_4_LETTERS, SET, available)

template <typename Derived, int NumElements> class named_swizzles {
  Derived &derived() { return static_cast<Derived &>(*this); }
  const Derived &derived() const { return static_cast<const Derived &>(*this); }

public:
  NCPU_LETTER_SWIZZLES(NCPU_XYZW, xyzw_available)
  NCPU_LETTER_SWIZZLES(NCPU_RGBA, rgba_available)

  NCPU_NAMED_SWIZZLE(index_available, s0, 0)
  NCPU_NAMED_SWIZZLE(index_available, s1, 1)
  NCPU_NAMED_SWIZZLE(index_available, s2, 2)
  NCPU_NAMED_SWIZZLE(index_available, s3, 3)
  NCPU_NAMED_SWIZZLE(index_available, s4, 4)
  NCPU_NAMED_SWIZZLE(index_available, s5, 5)
  NCPU_NAMED_SWIZZLE(index_available, s6, 6)
  NCPU_NAMED_SWIZZLE(index_available, s7, 7)
  NCPU_NAMED_SWIZZLE(index_available, s8, 8)
  NCPU_NAMED_SWIZZLE(index_available, s9, 9)
  NCPU_NAMED_SWIZZLE(index_available, sA, 10)
  NCPU_NAMED_SWIZZLE(index_available, sB, 11)
  NCPU_NAMED_SWIZZLE(index_available, sC, 12)
  NCPU_NAMED_SWIZZLE(index_available, sD, 13)
  NCPU_NAMED_SWIZZLE(index_available, sE, 14)
  NCPU_NAMED_SWIZZLE(index_available, sF, 15)

  // The low and high halves, and the even and odd elements.
  template <int Size = NumElements, std::enable_if_t<(Size > 1), int> = 0> auto lo() {
    return half_of<Size, 0, 1>::select(derived());
  }
  template <int Size = NumElements, std::enable_if_t<(Size > 1), int> = 0> auto lo() const {
    return half_of<Size, 0, 1>::select(derived());
  }
  template <int Size = NumElements, std::enable_if_t<(Size > 1), int> = 0> auto hi() {
    return half_of<Size, padded_size(Size) / 2, 1>::select(derived());
  }
  template <int Size = NumElements, std::enable_if_t<(Size > 1), int> = 0> auto hi() const {
    return half_of<Size, padded_size(Size) / 2, 1>::select(derived());
  }
  template <int Size = NumElements, std::enable_if_t<(Size > 1), int> = 0> auto even() {
    return half_of<Size, 0, 2>::select(derived());
  }
  template <int Size = NumElements, std::enable_if_t<(Size > 1), int> = 0> auto even() const {
    return half_of<Size, 0, 2>::select(derived());
  }
  template <int Size = NumElements, std::enable_if_t<(Size > 1), int> = 0> auto odd() {
    return half_of<Size, 1, 2>::select(derived());
  }
  template <int Size = NumElements, std::enable_if_t<(Size > 1), int> = 0> auto odd() const {
    return half_of<Size, 1, 2>::select(derived());
  }
};

#undef NCPU_LETTER_SWIZZLES
#undef NCPU_SWIZZLES_4_LETTERS
#undef NCPU_SWIZZLES_4_LETTERS_B
#undef NCPU_SWIZZLES_4_LETTERS_C
#undef NCPU_SWIZZLES_4_LETTERS_D
#undef NCPU_SWIZZLES_3_LETTERS
#undef NCPU_SWIZZLES_3_LETTERS_B
#undef NCPU_SWIZZLES_3_LETTERS_C
#undef NCPU_SWIZZLES_2_LETTERS
#undef NCPU_SWIZZLES_2_LETTERS_B
#undef NCPU_SWIZZLES_1_LETTER
#undef NCPU_NAMED_SWIZZLE
#undef NCPU_RGBA_4
#undef NCPU_RGBA_3
#undef NCPU_RGBA_2
#undef NCPU_RGBA_1
#undef NCPU_XYZW_4
#undef NCPU_XYZW_3
#undef NCPU_XYZW_2
#undef NCPU_XYZW_1

} // namespace detail
} // namespace _V1
} // namespace sycl
