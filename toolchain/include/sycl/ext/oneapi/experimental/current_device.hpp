// DPC++'s <sycl/ext/oneapi/experimental/current_device.hpp>: ncpu does not implement current_device (sycl_ext_oneapi_current_device) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/current_device.hpp>: ncpu does not implement current_device (sycl_ext_oneapi_current_device)"
