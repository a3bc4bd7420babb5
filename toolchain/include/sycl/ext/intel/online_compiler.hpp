// DPC++'s <sycl/ext/intel/online_compiler.hpp>: ncpu does not implement the online compiler (sycl_ext_intel_online_compiler) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/intel/online_compiler.hpp>: ncpu does not implement the online compiler (sycl_ext_intel_online_compiler)"
