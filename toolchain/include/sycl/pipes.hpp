// DPC++'s <sycl/pipes.hpp>: ncpu does not implement the FPGA extensions (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/pipes.hpp>: ncpu does not implement the FPGA extensions"
