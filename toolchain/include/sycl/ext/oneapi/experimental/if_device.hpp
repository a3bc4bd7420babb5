// DPC++'s <sycl/ext/oneapi/experimental/if_device.hpp>: ncpu does not implement device architectures (sycl_ext_oneapi_device_architecture, _device_if) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/if_device.hpp>: ncpu does not implement device architectures (sycl_ext_oneapi_device_architecture, _device_if)"
