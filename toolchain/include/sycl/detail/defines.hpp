// Common definitions of the Native CPU SYCL headers.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__SYCL_DEVICE_ONLY__) && !defined(__SYCL_NATIVE_CPU__)
#error "the device compilation of these headers expects __SYCL_NATIVE_CPU__ (use ncpu++)"
#endif

#define SYCL_LANGUAGE_VERSION 202012L
#define SYCL_IMPLEMENTATION_NATIVECPU 1

// Functions callable from kernels in other translation units are not supported yet; the
// attribute keeps code that spells it compiling.
#ifndef SYCL_EXTERNAL
#define SYCL_EXTERNAL
#endif

namespace sycl {
inline namespace _V1 {
namespace detail {
// Marks the kernel name of a kernel submitted without one: the kernel functor's type names it.
struct auto_name {};
} // namespace detail
} // namespace _V1
} // namespace sycl
