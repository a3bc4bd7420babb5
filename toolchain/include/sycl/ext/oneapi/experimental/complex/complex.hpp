// sycl::ext::oneapi::experimental::complex (DPC++'s sycl_ext_oneapi_complex): complex numbers
// of sycl::half, float and double in host and device code, their math functions, and the same
// functions element-wise over marray<complex<T>, N>, and the literals of complex_literals.
//
// A complex<T> is two T, trivially copyable. The arithmetic and every math function are the C++
// library's std::complex ones (of float for sycl::half, rounded back), which follow the C++
// standard (C's Annex G) for infinities and NaNs. Device code may call them: kernels here are
// native code, linked with the same C and C++ runtime libraries as the host (cexpf, __mulsc3, …).
// marray<complex<T>, N> is the general marray, whose operators are defined only where used, so
// the ones complex<T> lacks (%, <, bitwise) stay unavailable, as the extension's specialization
// deletes them.
#pragma once

#include <complex>
#include <cstddef>
#include <istream>
#include <ostream>
#include <type_traits>

#include "../../../../half_type.hpp"
#include "../../../../marray.hpp"
#include "../../../../stream.hpp"

#ifndef SYCL_EXT_ONEAPI_COMPLEX
#define SYCL_EXT_ONEAPI_COMPLEX 1
#endif

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi::experimental {

template <typename T> class complex;

namespace detail {
template <typename T>
inline constexpr bool is_complex_element_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, sycl::half>;
// The std::complex type that computes for complex<T>: float's for sycl::half.
template <typename T> using std_complex_t = std::complex<std::conditional_t<std::is_same_v<T, sycl::half>, float, T>>;

template <typename T> std_complex_t<T> to_std(const complex<T> &z) { return std_complex_t<T>(z.real(), z.imag()); }
template <typename T> complex<T> from_std(const std_complex_t<T> &z) {
  return complex<T>(static_cast<T>(z.real()), static_cast<T>(z.imag()));
}
} // namespace detail

template <typename T> class complex {
  static_assert(detail::is_complex_element_v<T>, "complex takes sycl::half, float or double");

public:
  using value_type = T;

  constexpr complex(value_type re = value_type(), value_type im = value_type()) : re_(re), im_(im) {}
  template <typename X>
  constexpr complex(const complex<X> &other)
      : re_(static_cast<T>(other.real())), im_(static_cast<T>(other.imag())) {}
  template <typename X>
  constexpr complex(const std::complex<X> &other)
      : re_(static_cast<T>(other.real())), im_(static_cast<T>(other.imag())) {}
  template <typename X> constexpr operator std::complex<X>() const {
    return std::complex<X>(static_cast<X>(re_), static_cast<X>(im_));
  }

  constexpr value_type real() const { return re_; }
  constexpr value_type imag() const { return im_; }
  void real(value_type value) { re_ = value; }
  void imag(value_type value) { im_ = value; }

  complex &operator=(value_type x) {
    re_ = x;
    im_ = value_type();
    return *this;
  }

  friend complex &operator+=(complex &z, value_type y) { return z = z + y; }
  friend complex &operator-=(complex &z, value_type y) { return z = z - y; }
  friend complex &operator*=(complex &z, value_type y) { return z = z * y; }
  friend complex &operator/=(complex &z, value_type y) { return z = z / y; }
  template <typename X> friend complex &operator+=(complex &z, const complex<X> &w) { return z = z + complex(w); }
  template <typename X> friend complex &operator-=(complex &z, const complex<X> &w) { return z = z - complex(w); }
  template <typename X> friend complex &operator*=(complex &z, const complex<X> &w) { return z = z * complex(w); }
  template <typename X> friend complex &operator/=(complex &z, const complex<X> &w) { return z = z / complex(w); }

  friend complex operator+(const complex &z, const complex &w) { return {T(z.re_ + w.re_), T(z.im_ + w.im_)}; }
  friend complex operator+(const complex &z, value_type y) { return {T(z.re_ + y), z.im_}; }
  friend complex operator+(value_type x, const complex &w) { return {T(x + w.re_), w.im_}; }
  friend complex operator+(const complex &z) { return z; }
  friend complex operator-(const complex &z, const complex &w) { return {T(z.re_ - w.re_), T(z.im_ - w.im_)}; }
  friend complex operator-(const complex &z, value_type y) { return {T(z.re_ - y), z.im_}; }
  friend complex operator-(value_type x, const complex &w) { return {T(x - w.re_), T(-w.im_)}; }
  friend complex operator-(const complex &z) { return {T(-z.re_), T(-z.im_)}; }
  friend complex operator*(const complex &z, const complex &w) {
    return detail::from_std<T>(detail::to_std(z) * detail::to_std(w));
  }
  friend complex operator*(const complex &z, value_type y) { return {T(z.re_ * y), T(z.im_ * y)}; }
  friend complex operator*(value_type x, const complex &w) { return {T(x * w.re_), T(x * w.im_)}; }
  friend complex operator/(const complex &z, const complex &w) {
    return detail::from_std<T>(detail::to_std(z) / detail::to_std(w));
  }
  friend complex operator/(const complex &z, value_type y) { return {T(z.re_ / y), T(z.im_ / y)}; }
  friend complex operator/(value_type x, const complex &w) { return complex(x) / w; }

  friend constexpr bool operator==(const complex &z, const complex &w) { return z.re_ == w.re_ && z.im_ == w.im_; }
  friend constexpr bool operator==(const complex &z, value_type y) { return z.re_ == y && z.im_ == value_type(); }
  friend constexpr bool operator==(value_type x, const complex &w) { return w == x; }
  friend constexpr bool operator!=(const complex &z, const complex &w) { return !(z == w); }
  friend constexpr bool operator!=(const complex &z, value_type y) { return !(z == y); }
  friend constexpr bool operator!=(value_type x, const complex &w) { return !(w == x); }

  // Host code only, as the extension says.
  template <class C, class Traits>
  friend std::basic_istream<C, Traits> &operator>>(std::basic_istream<C, Traits> &is, complex &z) {
    detail::std_complex_t<T> read;
    is >> read;
    z = detail::from_std<T>(read);
    return is;
  }
  template <class C, class Traits>
  friend std::basic_ostream<C, Traits> &operator<<(std::basic_ostream<C, Traits> &os, const complex &z) {
    return os << detail::to_std(z);
  }
  friend const sycl::stream &operator<<(const sycl::stream &out, const complex &z) {
    return out << "(" << z.re_ << "," << z.im_ << ")";
  }

private:
  T re_;
  T im_;
};

// ---- Literals: 3.0i, 3i (complex<double>), 3.0if, 3if (complex<float>) -------------------------
// The suffixes are the standard library's, which C++ reserves for it; the extension uses them
// in its own namespace, as std::complex_literals does.

#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wuser-defined-literals"
namespace complex_literals {
constexpr complex<double> operator""i(long double x) { return {0.0, static_cast<double>(x)}; }
constexpr complex<double> operator""i(unsigned long long x) { return {0.0, static_cast<double>(x)}; }
constexpr complex<float> operator""if(long double x) { return {0.0f, static_cast<float>(x)}; }
constexpr complex<float> operator""if(unsigned long long x) { return {0.0f, static_cast<float>(x)}; }
} // namespace complex_literals
#pragma clang diagnostic pop

// ---- Values ---------------------------------------------------------------------------------

template <typename T> constexpr std::enable_if_t<detail::is_complex_element_v<T>, T> real(const complex<T> &z) {
  return z.real();
}
template <typename T>
constexpr std::enable_if_t<detail::is_complex_element_v<T> || std::is_integral_v<T>, T> real(T x) {
  return x;
}
template <typename T> constexpr std::enable_if_t<detail::is_complex_element_v<T>, T> imag(const complex<T> &z) {
  return z.imag();
}
template <typename T>
constexpr std::enable_if_t<detail::is_complex_element_v<T> || std::is_integral_v<T>, T> imag(T) {
  return T();
}

template <typename T> std::enable_if_t<detail::is_complex_element_v<T>, T> abs(const complex<T> &z) {
  return static_cast<T>(std::abs(detail::to_std(z)));
}
template <typename T> std::enable_if_t<detail::is_complex_element_v<T>, T> arg(const complex<T> &z) {
  return static_cast<T>(std::arg(detail::to_std(z)));
}
template <typename T> std::enable_if_t<detail::is_complex_element_v<T>, T> arg(T x) { return arg(complex<T>(x)); }
template <typename T> std::enable_if_t<detail::is_complex_element_v<T>, T> norm(const complex<T> &z) {
  return static_cast<T>(std::norm(detail::to_std(z)));
}
template <typename T> std::enable_if_t<detail::is_complex_element_v<T>, T> norm(T x) { return norm(complex<T>(x)); }
template <typename T> std::enable_if_t<detail::is_complex_element_v<T>, complex<T>> conj(const complex<T> &z) {
  return complex<T>(z.real(), T(-z.imag()));
}
template <typename T> std::enable_if_t<detail::is_complex_element_v<T>, complex<T>> conj(T x) {
  return conj(complex<T>(x));
}
template <typename T> std::enable_if_t<detail::is_complex_element_v<T>, complex<T>> proj(const complex<T> &z) {
  return detail::from_std<T>(std::proj(detail::to_std(z)));
}
template <typename T> std::enable_if_t<detail::is_complex_element_v<T>, complex<T>> proj(T x) {
  return proj(complex<T>(x));
}
template <typename T>
std::enable_if_t<detail::is_complex_element_v<T>, complex<T>> polar(const T &rho, const T &theta = T()) {
  using F = typename detail::std_complex_t<T>::value_type;
  return detail::from_std<T>(std::polar(static_cast<F>(rho), static_cast<F>(theta)));
}

// ---- Transcendentals: the std::complex function of the same name ------------------------------

#define NCPU_COMPLEX_FUNCTION(name)                                                                 \
  template <typename T>                                                                            \
  std::enable_if_t<detail::is_complex_element_v<T>, complex<T>> name(const complex<T> &z) {        \
    return detail::from_std<T>(std::name(detail::to_std(z)));                                       \
  }
NCPU_COMPLEX_FUNCTION(log)
NCPU_COMPLEX_FUNCTION(log10)
NCPU_COMPLEX_FUNCTION(sqrt)
NCPU_COMPLEX_FUNCTION(exp)
NCPU_COMPLEX_FUNCTION(asinh)
NCPU_COMPLEX_FUNCTION(acosh)
NCPU_COMPLEX_FUNCTION(atanh)
NCPU_COMPLEX_FUNCTION(sinh)
NCPU_COMPLEX_FUNCTION(cosh)
NCPU_COMPLEX_FUNCTION(tanh)
NCPU_COMPLEX_FUNCTION(asin)
NCPU_COMPLEX_FUNCTION(acos)
NCPU_COMPLEX_FUNCTION(atan)
NCPU_COMPLEX_FUNCTION(sin)
NCPU_COMPLEX_FUNCTION(cos)
NCPU_COMPLEX_FUNCTION(tan)
#undef NCPU_COMPLEX_FUNCTION

namespace detail {
// pow's promotion: double if either side is double, else float if either is, else sycl::half.
template <typename T> struct complex_element { using type = T; };
template <typename T> struct complex_element<complex<T>> { using type = T; };
template <typename A, typename B>
using promoted_t = std::conditional_t<
    std::is_same_v<typename complex_element<A>::type, double> || std::is_same_v<typename complex_element<B>::type, double>,
    double,
    std::conditional_t<std::is_same_v<typename complex_element<A>::type, float> ||
                           std::is_same_v<typename complex_element<B>::type, float>,
                       float, sycl::half>>;
template <typename T>
inline constexpr bool is_complex_or_element_v = is_complex_element_v<typename complex_element<T>::type>;
} // namespace detail

// Every pow of two complex numbers or of a complex and a real number (at least one complex),
// computed in the promoted type.
template <typename A, typename B>
std::enable_if_t<detail::is_complex_or_element_v<A> && detail::is_complex_or_element_v<B> &&
                     (!detail::is_complex_element_v<A> || !detail::is_complex_element_v<B>),
                 complex<detail::promoted_t<A, B>>>
pow(const A &base, const B &exponent) {
  using P = detail::promoted_t<A, B>;
  return detail::from_std<P>(std::pow(detail::to_std(complex<P>(base)), detail::to_std(complex<P>(exponent))));
}

// ---- Element-wise over marray<complex<T>, N> --------------------------------------------------

namespace detail {
// Element i of an marray argument; a scalar argument is every element.
template <typename T, std::size_t N> const T &element(const marray<T, N> &m, std::size_t i) { return m[i]; }
template <typename T> const T &element(const T &scalar, std::size_t) { return scalar; }
// f applied element by element.
template <typename Out, std::size_t N, typename F, typename... In> marray<Out, N> each(F f, const In &...in) {
  marray<Out, N> result;
  for (std::size_t i = 0; i < N; ++i) result[i] = f(element(in, i)...);
  return result;
}
} // namespace detail

#define NCPU_COMPLEX_MARRAY_TO_REAL(name)                                                           \
  template <typename T, std::size_t N>                                                             \
  std::enable_if_t<detail::is_complex_element_v<T>, marray<T, N>> name(const marray<complex<T>, N> &x) { \
    return detail::each<T, N>([](const complex<T> &z) { return name(z); }, x);                     \
  }
NCPU_COMPLEX_MARRAY_TO_REAL(real)
NCPU_COMPLEX_MARRAY_TO_REAL(imag)
NCPU_COMPLEX_MARRAY_TO_REAL(abs)
NCPU_COMPLEX_MARRAY_TO_REAL(arg)
NCPU_COMPLEX_MARRAY_TO_REAL(norm)
#undef NCPU_COMPLEX_MARRAY_TO_REAL

#define NCPU_COMPLEX_MARRAY_FUNCTION(name)                                                          \
  template <typename T, std::size_t N>                                                             \
  std::enable_if_t<detail::is_complex_element_v<T>, marray<complex<T>, N>> name(const marray<complex<T>, N> &x) { \
    return detail::each<complex<T>, N>([](const complex<T> &z) { return name(z); }, x);            \
  }
NCPU_COMPLEX_MARRAY_FUNCTION(conj)
NCPU_COMPLEX_MARRAY_FUNCTION(proj)
NCPU_COMPLEX_MARRAY_FUNCTION(log)
NCPU_COMPLEX_MARRAY_FUNCTION(log10)
NCPU_COMPLEX_MARRAY_FUNCTION(sqrt)
NCPU_COMPLEX_MARRAY_FUNCTION(exp)
NCPU_COMPLEX_MARRAY_FUNCTION(asinh)
NCPU_COMPLEX_MARRAY_FUNCTION(acosh)
NCPU_COMPLEX_MARRAY_FUNCTION(atanh)
NCPU_COMPLEX_MARRAY_FUNCTION(sinh)
NCPU_COMPLEX_MARRAY_FUNCTION(cosh)
NCPU_COMPLEX_MARRAY_FUNCTION(tanh)
NCPU_COMPLEX_MARRAY_FUNCTION(asin)
NCPU_COMPLEX_MARRAY_FUNCTION(acos)
NCPU_COMPLEX_MARRAY_FUNCTION(atan)
NCPU_COMPLEX_MARRAY_FUNCTION(sin)
NCPU_COMPLEX_MARRAY_FUNCTION(cos)
NCPU_COMPLEX_MARRAY_FUNCTION(tan)
#undef NCPU_COMPLEX_MARRAY_FUNCTION

template <typename T, std::size_t N>
std::enable_if_t<detail::is_complex_element_v<T>, marray<complex<T>, N>> proj(const marray<T, N> &x) {
  return detail::each<complex<T>, N>([](const T &r) { return proj(r); }, x);
}

// polar and pow with marrays on either side (and a scalar on the other, or not).
template <typename Rho, typename Theta>
std::enable_if_t<sycl::detail::is_marray_v<Rho> || sycl::detail::is_marray_v<Theta>,
                 marray<complex<typename std::conditional_t<sycl::detail::is_marray_v<Rho>, Rho, Theta>::value_type>,
                        std::conditional_t<sycl::detail::is_marray_v<Rho>, Rho, Theta>::size()>>
polar(const Rho &rho, const Theta &theta) {
  using M = std::conditional_t<sycl::detail::is_marray_v<Rho>, Rho, Theta>;
  using T = typename M::value_type;
  return detail::each<complex<T>, M::size()>([](const T &r, const T &t) { return polar(r, t); }, rho, theta);
}
template <typename T, std::size_t N>
std::enable_if_t<detail::is_complex_element_v<T>, marray<complex<T>, N>> polar(const marray<T, N> &rho) {
  return polar(rho, T());
}

template <typename Base, typename Exponent>
std::enable_if_t<sycl::detail::is_marray_v<Base> || sycl::detail::is_marray_v<Exponent>,
                 marray<complex<detail::promoted_t<typename detail::complex_element<typename std::conditional_t<
                                                       sycl::detail::is_marray_v<Base>, Base, Exponent>::value_type>::type,
                                                   typename detail::complex_element<typename std::conditional_t<
                                                       sycl::detail::is_marray_v<Exponent>, Exponent, Base>::value_type>::type>>,
                        std::conditional_t<sycl::detail::is_marray_v<Base>, Base, Exponent>::size()>>
pow(const Base &base, const Exponent &exponent) {
  using M = std::conditional_t<sycl::detail::is_marray_v<Base>, Base, Exponent>;
  using Result = complex<detail::promoted_t<
      typename detail::complex_element<typename std::conditional_t<sycl::detail::is_marray_v<Base>, Base, Exponent>::value_type>::type,
      typename detail::complex_element<typename std::conditional_t<sycl::detail::is_marray_v<Exponent>, Exponent, Base>::value_type>::type>>;
  return detail::each<Result, M::size()>([](const auto &b, const auto &e) { return Result(pow(Result(b), Result(e))); },
                                         base, exponent);
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl
