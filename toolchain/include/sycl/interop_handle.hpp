// DPC++'s <sycl/interop_handle.hpp>: ncpu does not implement backend interoperability (interop_handle) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/interop_handle.hpp>: ncpu does not implement backend interoperability (interop_handle)"
