// DPC++'s <sycl/ext/intel/experimental/kernel_execution_properties.hpp>: ncpu does not implement sycl_ext_intel_kernel_execution_properties (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/intel/experimental/kernel_execution_properties.hpp>: ncpu does not implement sycl_ext_intel_kernel_execution_properties"
