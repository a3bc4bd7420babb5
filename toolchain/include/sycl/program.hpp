// DPC++'s <sycl/program.hpp>: ncpu does not implement the SYCL 1.2.1 program class (use kernel_bundle) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/program.hpp>: ncpu does not implement the SYCL 1.2.1 program class (use kernel_bundle)"
