// The SYCL 1.2.1 header path, kept by SYCL 2020 implementations for old code: everything in
// <sycl/sycl.hpp>, also reachable as cl::sycl.
#pragma once

#include "../sycl/sycl.hpp"

namespace cl {
namespace sycl = ::sycl;
} // namespace cl
