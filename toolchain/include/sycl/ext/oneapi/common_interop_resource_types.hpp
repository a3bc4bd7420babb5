// DPC++'s <sycl/ext/oneapi/common_interop_resource_types.hpp>: ncpu does not implement backend interoperability (interop_handle) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/common_interop_resource_types.hpp>: ncpu does not implement backend interoperability (interop_handle)"
