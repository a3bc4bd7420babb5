// DPC++'s <sycl/ext/oneapi/experimental/alloca.hpp>: ncpu does not implement private_alloca (sycl_ext_oneapi_private_alloca) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/alloca.hpp>: ncpu does not implement private_alloca (sycl_ext_oneapi_private_alloca)"
