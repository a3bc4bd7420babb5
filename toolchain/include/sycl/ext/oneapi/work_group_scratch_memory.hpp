// DPC++'s <sycl/ext/oneapi/work_group_scratch_memory.hpp>: ncpu does not implement work-group scratch memory (sycl_ext_oneapi_work_group_scratch_memory) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/work_group_scratch_memory.hpp>: ncpu does not implement work-group scratch memory (sycl_ext_oneapi_work_group_scratch_memory)"
