// DPC++'s <sycl/ext/oneapi/__function_pointer.hpp>: ncpu does not implement function pointers (sycl_ext_oneapi_function_pointers) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/__function_pointer.hpp>: ncpu does not implement function pointers (sycl_ext_oneapi_function_pointers)"
