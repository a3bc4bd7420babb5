// <sycl/ext/oneapi/functional.hpp>: the oneAPI names of the SYCL 2020 function objects
// (sycl::ext::oneapi::plus, minimum, maximum ...), which reduction programs written for DPC++ use.
// They are the sycl:: function objects themselves, so reductions and group algorithms treat them
// alike (functional.hpp).
#pragma once

#include "../../functional.hpp"

namespace sycl {
inline namespace _V1 {
namespace ext::oneapi {
template <typename T = void> using plus = sycl::plus<T>;
template <typename T = void> using multiplies = sycl::multiplies<T>;
template <typename T = void> using minimum = sycl::minimum<T>;
template <typename T = void> using maximum = sycl::maximum<T>;
template <typename T = void> using bit_and = sycl::bit_and<T>;
template <typename T = void> using bit_or = sycl::bit_or<T>;
template <typename T = void> using bit_xor = sycl::bit_xor<T>;
template <typename T = void> using logical_and = sycl::logical_and<T>;
template <typename T = void> using logical_or = sycl::logical_or<T>;
} // namespace ext::oneapi
} // namespace _V1
} // namespace sycl
