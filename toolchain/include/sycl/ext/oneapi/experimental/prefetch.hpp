// DPC++'s <sycl/ext/oneapi/experimental/prefetch.hpp>: ncpu does not implement prefetch (sycl_ext_oneapi_prefetch) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/prefetch.hpp>: ncpu does not implement prefetch (sycl_ext_oneapi_prefetch)"
