// DPC++'s <sycl/khr/split_headers/interop_handle.hpp>: ncpu does not implement backend interoperability (interop_handle) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/khr/split_headers/interop_handle.hpp>: ncpu does not implement backend interoperability (interop_handle)"
