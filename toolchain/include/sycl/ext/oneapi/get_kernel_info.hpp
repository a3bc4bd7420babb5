// DPC++'s <sycl/ext/oneapi/get_kernel_info.hpp>: ncpu does not implement sycl_ext_oneapi_get_kernel_info (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/get_kernel_info.hpp>: ncpu does not implement sycl_ext_oneapi_get_kernel_info"
