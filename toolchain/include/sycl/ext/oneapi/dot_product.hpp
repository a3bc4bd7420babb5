// DPC++'s <sycl/ext/oneapi/dot_product.hpp>: ncpu does not implement dot_acc (sycl_ext_oneapi_dot_accumulate) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/dot_product.hpp>: ncpu does not implement dot_acc (sycl_ext_oneapi_dot_accumulate)"
