// DPC++'s <sycl/ext/oneapi/experimental/async_alloc/memory_pool.hpp>: ncpu does not implement asynchronous allocation (sycl_ext_oneapi_async_memory_alloc) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/async_alloc/memory_pool.hpp>: ncpu does not implement asynchronous allocation (sycl_ext_oneapi_async_memory_alloc)"
