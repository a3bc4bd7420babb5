// DPC++'s <sycl/ext/intel/experimental/cache_control_properties.hpp>: ncpu does not implement sycl_ext_intel_cache_control_properties (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/intel/experimental/cache_control_properties.hpp>: ncpu does not implement sycl_ext_intel_cache_control_properties"
