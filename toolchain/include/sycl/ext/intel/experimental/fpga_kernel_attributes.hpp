// DPC++'s <sycl/ext/intel/experimental/fpga_kernel_attributes.hpp>: ncpu does not implement the FPGA extensions (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/intel/experimental/fpga_kernel_attributes.hpp>: ncpu does not implement the FPGA extensions"
