// DPC++'s <sycl/ext/intel/experimental/gpu_kernel_properties.hpp>: ncpu does not implement sycl_ext_intel_gpu_kernel_properties (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/intel/experimental/gpu_kernel_properties.hpp>: ncpu does not implement sycl_ext_intel_gpu_kernel_properties"
