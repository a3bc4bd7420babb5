// DPC++'s <sycl/ext/intel/experimental/grf_size_properties.hpp>: ncpu does not implement sycl_ext_intel_grf_size_properties (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/intel/experimental/grf_size_properties.hpp>: ncpu does not implement sycl_ext_intel_grf_size_properties"
