// DPC++'s <sycl/ext/oneapi/virtual_mem/virtual_mem.hpp>: ncpu does not implement virtual memory (sycl_ext_oneapi_virtual_mem) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/virtual_mem/virtual_mem.hpp>: ncpu does not implement virtual memory (sycl_ext_oneapi_virtual_mem)"
