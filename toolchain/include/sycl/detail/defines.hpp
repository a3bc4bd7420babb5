// Common definitions of the Native CPU SYCL headers.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__SYCL_DEVICE_ONLY__) && !defined(__SYCL_NATIVE_CPU__)
#error "the device compilation of these headers expects __SYCL_NATIVE_CPU__ (use ncpu++)"
#endif

#define SYCL_LANGUAGE_VERSION 202012L
#define SYCL_IMPLEMENTATION_NATIVECPU 1
// Kernels need no name: an unnamed one is named by its functor's type (detail::auto_name), as
// DPC++'s -fsycl-unnamed-lambda (its default) allows, and DPC++ says so with this macro. oneDPL
// reads it to name each of its kernels by the functors it is made of; without it, two of its
// algorithms would give two kernels the same name.
#ifndef __SYCL_UNNAMED_LAMBDA__
#define __SYCL_UNNAMED_LAMBDA__ 1
#endif

// SYCL_EXTERNAL marks a function that kernels of other translation units may call. clang 22's
// device compilation emits only the functions a kernel reaches, unless the function carries
// [[clang::sycl_external]] (which needs external linkage, and should be on the first
// declaration); the device link then resolves the call across translation units. The host
// compilation needs nothing (and plain host compilers would warn about the attribute).
#ifndef SYCL_EXTERNAL
#ifdef __SYCL_DEVICE_ONLY__
#define SYCL_EXTERNAL [[clang::sycl_external]]
#else
#define SYCL_EXTERNAL
#endif
#endif

namespace sycl {
inline namespace _V1 {
namespace detail {
// Marks the kernel name of a kernel submitted without one: the kernel functor's type names it.
struct auto_name {};

// What sycl_ext_oneapi_weak_object needs of the classes with reference semantics, a friend of
// each (defined in ext/oneapi/weak_object.hpp, once every class is complete).
struct weak_access;
template <typename> struct weak_access_of {
  using type = weak_access;
};
} // namespace detail
} // namespace _V1
} // namespace sycl

// sycl_ext_oneapi_weak_object's member of every class with reference semantics: whether this
// object precedes `other` (the same class, or a weak_object of it) in the owner order.
#define NCPU_OWNER_BEFORE                                                                                  \
  template <typename Other> bool ext_oneapi_owner_before(const Other &other) const noexcept {            \
    return ::sycl::detail::weak_access_of<Other>::type::owner_before(*this, other);                       \
  }                                                                                                        \
  friend struct ::sycl::detail::weak_access;
