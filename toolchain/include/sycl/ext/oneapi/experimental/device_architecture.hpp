// DPC++'s <sycl/ext/oneapi/experimental/device_architecture.hpp>: ncpu does not implement device architectures (sycl_ext_oneapi_device_architecture, _device_if) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/device_architecture.hpp>: ncpu does not implement device architectures (sycl_ext_oneapi_device_architecture, _device_if)"
