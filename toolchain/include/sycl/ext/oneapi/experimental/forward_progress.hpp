// DPC++'s <sycl/ext/oneapi/experimental/forward_progress.hpp>: ncpu does not implement forward progress guarantees (sycl_ext_oneapi_forward_progress) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/forward_progress.hpp>: ncpu does not implement forward progress guarantees (sycl_ext_oneapi_forward_progress)"
