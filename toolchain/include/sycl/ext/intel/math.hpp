// DPC++'s <sycl/ext/intel/math.hpp>: ncpu does not implement the Intel math functions (sycl_ext_intel_math) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/intel/math.hpp>: ncpu does not implement the Intel math functions (sycl_ext_intel_math)"
