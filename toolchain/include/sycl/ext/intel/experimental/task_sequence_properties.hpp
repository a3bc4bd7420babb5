// DPC++'s <sycl/ext/intel/experimental/task_sequence_properties.hpp>: ncpu does not implement the FPGA extensions (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/intel/experimental/task_sequence_properties.hpp>: ncpu does not implement the FPGA extensions"
