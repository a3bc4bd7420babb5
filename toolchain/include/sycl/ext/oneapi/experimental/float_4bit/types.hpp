// DPC++'s <sycl/ext/oneapi/experimental/float_4bit/types.hpp>: ncpu does not implement the 4- and 8-bit floating-point types (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/float_4bit/types.hpp>: ncpu does not implement the 4- and 8-bit floating-point types"
