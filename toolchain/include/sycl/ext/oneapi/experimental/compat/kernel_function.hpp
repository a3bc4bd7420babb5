// DPC++'s <sycl/ext/oneapi/experimental/compat/kernel_function.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/compat/kernel_function.hpp>: ncpu does not implement SYCLcompat"
