// DPC++'s <sycl/ext/intel/experimental/maximum_registers_properties.hpp>: ncpu does not implement sycl_ext_intel_maximum_registers_properties (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/intel/experimental/maximum_registers_properties.hpp>: ncpu does not implement sycl_ext_intel_maximum_registers_properties"
