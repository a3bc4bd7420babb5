// DPC++'s <sycl/ext/oneapi/experimental/sycl_complex.hpp>: ncpu does not implement complex numbers (sycl_ext_oneapi_complex) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/sycl_complex.hpp>: ncpu does not implement complex numbers (sycl_ext_oneapi_complex)"
