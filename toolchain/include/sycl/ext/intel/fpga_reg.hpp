// DPC++'s <sycl/ext/intel/fpga_reg.hpp>: ncpu does not implement the FPGA extensions (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/intel/fpga_reg.hpp>: ncpu does not implement the FPGA extensions"
