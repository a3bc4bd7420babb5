// DPC++'s <sycl/ext/oneapi/experimental/cuda/masked_shuffles.hpp>: ncpu does not implement the CUDA backend and its extensions (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/cuda/masked_shuffles.hpp>: ncpu does not implement the CUDA backend and its extensions"
