// DPC++'s <sycl/ext/intel/experimental/usm_properties.hpp>: ncpu does not implement sycl_ext_intel_usm_properties (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/intel/experimental/usm_properties.hpp>: ncpu does not implement sycl_ext_intel_usm_properties"
