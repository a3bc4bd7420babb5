// DPC++'s <sycl/khr/includes/interop_handle.hpp>: ncpu does not implement backend interoperability (interop_handle) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/khr/includes/interop_handle.hpp>: ncpu does not implement backend interoperability (interop_handle)"
