// DPC++'s <sycl/ext/oneapi/owner_less.hpp>: ncpu does not implement weak objects (sycl_ext_oneapi_weak_object) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/owner_less.hpp>: ncpu does not implement weak objects (sycl_ext_oneapi_weak_object)"
