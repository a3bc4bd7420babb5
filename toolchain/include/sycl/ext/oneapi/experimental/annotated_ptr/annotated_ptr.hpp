// DPC++'s <sycl/ext/oneapi/experimental/annotated_ptr/annotated_ptr.hpp>: ncpu does not implement annotated_arg/annotated_ptr (sycl_ext_oneapi_annotated_arg, _ptr, _usm) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/annotated_ptr/annotated_ptr.hpp>: ncpu does not implement annotated_arg/annotated_ptr (sycl_ext_oneapi_annotated_arg, _ptr, _usm)"
