// DPC++'s <sycl/ext/oneapi/kernel_properties/function_properties.hpp>: ncpu does not implement sycl_ext_oneapi_function_properties (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/kernel_properties/function_properties.hpp>: ncpu does not implement sycl_ext_oneapi_function_properties"
