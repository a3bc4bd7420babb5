// DPC++'s <sycl/ext/intel/experimental/esimd/kernel_properties.hpp>: ncpu does not implement ESIMD (sycl_ext_intel_esimd) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/intel/experimental/esimd/kernel_properties.hpp>: ncpu does not implement ESIMD (sycl_ext_intel_esimd)"
