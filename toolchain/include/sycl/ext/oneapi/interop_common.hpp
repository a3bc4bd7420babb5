// DPC++'s <sycl/ext/oneapi/interop_common.hpp>: ncpu does not implement backend interoperability (interop_handle) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/interop_common.hpp>: ncpu does not implement backend interoperability (interop_handle)"
