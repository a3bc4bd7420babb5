// DPC++'s <sycl/ext/oneapi/experimental/invoke_simd.hpp>: ncpu does not implement invoke_simd (sycl_ext_oneapi_invoke_simd) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/invoke_simd.hpp>: ncpu does not implement invoke_simd (sycl_ext_oneapi_invoke_simd)"
