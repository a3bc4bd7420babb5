// DPC++'s <sycl/ext/intel/fpga_lsu.hpp>: ncpu does not implement the FPGA extensions (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/intel/fpga_lsu.hpp>: ncpu does not implement the FPGA extensions"
