// DPC++'s <sycl/ext/oneapi/bfloat16_math.hpp>: what it declares comes with <sycl/sycl.hpp> here (docs/dpcpp-headers.md).
#pragma once
#include <sycl/sycl.hpp>
