// DPC++'s <sycl/interop_handler.hpp>: ncpu does not implement backend interoperability (interop_handle) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/interop_handler.hpp>: ncpu does not implement backend interoperability (interop_handle)"
