// DPC++'s <sycl/ext/oneapi/experimental/kernel_queue_info.hpp>: ncpu does not implement sycl_ext_oneapi_kernel_queue_info (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/kernel_queue_info.hpp>: ncpu does not implement sycl_ext_oneapi_kernel_queue_info"
