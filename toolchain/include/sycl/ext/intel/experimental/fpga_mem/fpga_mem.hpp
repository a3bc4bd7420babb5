// DPC++'s <sycl/ext/intel/experimental/fpga_mem/fpga_mem.hpp>: ncpu does not implement the FPGA extensions (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/intel/experimental/fpga_mem/fpga_mem.hpp>: ncpu does not implement the FPGA extensions"
