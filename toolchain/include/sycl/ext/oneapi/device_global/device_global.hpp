// DPC++'s <sycl/ext/oneapi/device_global/device_global.hpp>: ncpu does not implement device_global (sycl_ext_oneapi_device_global) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/device_global/device_global.hpp>: ncpu does not implement device_global (sycl_ext_oneapi_device_global)"
