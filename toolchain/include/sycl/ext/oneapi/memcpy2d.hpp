// DPC++'s <sycl/ext/oneapi/memcpy2d.hpp>: ncpu does not implement 2-D memory copies (sycl_ext_oneapi_memcpy2d) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/memcpy2d.hpp>: ncpu does not implement 2-D memory copies (sycl_ext_oneapi_memcpy2d)"
