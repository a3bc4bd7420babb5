// DPC++'s <sycl/backend/opencl.hpp>: ncpu does not implement the OpenCL backend interoperability (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/backend/opencl.hpp>: ncpu does not implement the OpenCL backend interoperability"
