// DPC++'s <sycl/ext/codeplay/experimental/cuda_tensor_map.hpp>: ncpu does not implement the CUDA backend and its extensions (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/codeplay/experimental/cuda_tensor_map.hpp>: ncpu does not implement the CUDA backend and its extensions"
