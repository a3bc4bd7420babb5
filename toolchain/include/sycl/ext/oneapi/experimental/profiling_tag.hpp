// DPC++'s <sycl/ext/oneapi/experimental/profiling_tag.hpp>: ncpu does not implement profiling tags (sycl_ext_oneapi_profiling_tag) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/profiling_tag.hpp>: ncpu does not implement profiling tags (sycl_ext_oneapi_profiling_tag)"
