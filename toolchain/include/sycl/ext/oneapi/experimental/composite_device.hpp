// DPC++'s <sycl/ext/oneapi/experimental/composite_device.hpp>: ncpu does not implement composite devices (sycl_ext_oneapi_composite_device) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/composite_device.hpp>: ncpu does not implement composite devices (sycl_ext_oneapi_composite_device)"
