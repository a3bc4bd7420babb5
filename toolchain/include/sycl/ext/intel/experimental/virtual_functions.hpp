// DPC++'s <sycl/ext/intel/experimental/virtual_functions.hpp>: ncpu does not implement virtual functions (sycl_ext_oneapi_virtual_functions) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/intel/experimental/virtual_functions.hpp>: ncpu does not implement virtual functions (sycl_ext_oneapi_virtual_functions)"
