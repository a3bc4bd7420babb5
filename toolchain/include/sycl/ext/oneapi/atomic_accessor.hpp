// DPC++'s <sycl/ext/oneapi/atomic_accessor.hpp>: ncpu does not implement atomic_accessor (sycl_ext_oneapi_atomic_accessor) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/atomic_accessor.hpp>: ncpu does not implement atomic_accessor (sycl_ext_oneapi_atomic_accessor)"
