// DPC++'s <sycl/ext/oneapi/experimental/ipc_memory.hpp>: ncpu does not implement inter-process communication (sycl_ext_oneapi_inter_process_communication) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/ipc_memory.hpp>: ncpu does not implement inter-process communication (sycl_ext_oneapi_inter_process_communication)"
