// DPC++'s <sycl/builtins_esimd.hpp>: ncpu does not implement ESIMD (sycl_ext_intel_esimd) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/builtins_esimd.hpp>: ncpu does not implement ESIMD (sycl_ext_intel_esimd)"
