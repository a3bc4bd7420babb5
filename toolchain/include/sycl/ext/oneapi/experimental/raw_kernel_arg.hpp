// DPC++'s <sycl/ext/oneapi/experimental/raw_kernel_arg.hpp>: ncpu does not implement raw kernel arguments (sycl_ext_oneapi_raw_kernel_arg) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/raw_kernel_arg.hpp>: ncpu does not implement raw kernel arguments (sycl_ext_oneapi_raw_kernel_arg)"
