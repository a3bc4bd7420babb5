// DPC++'s <sycl/ext/oneapi/experimental/work_group_memory.hpp>: ncpu does not implement work_group_memory (sycl_ext_oneapi_work_group_memory) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/work_group_memory.hpp>: ncpu does not implement work_group_memory (sycl_ext_oneapi_work_group_memory)"
