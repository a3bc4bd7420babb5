// DPC++'s <sycl/backend/cuda.hpp>: ncpu does not implement the CUDA backend and its extensions (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/backend/cuda.hpp>: ncpu does not implement the CUDA backend and its extensions"
