// DPC++'s <sycl/ext/oneapi/async_alloc/async_alloc.hpp>: ncpu does not implement asynchronous allocation (sycl_ext_oneapi_async_memory_alloc) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/async_alloc/async_alloc.hpp>: ncpu does not implement asynchronous allocation (sycl_ext_oneapi_async_memory_alloc)"
