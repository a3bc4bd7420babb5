// DPC++'s <sycl/ext/oneapi/latency_control/properties.hpp>: ncpu does not implement the FPGA extensions (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/latency_control/properties.hpp>: ncpu does not implement the FPGA extensions"
