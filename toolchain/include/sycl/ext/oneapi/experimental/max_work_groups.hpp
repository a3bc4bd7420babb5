// DPC++'s <sycl/ext/oneapi/experimental/max_work_groups.hpp>: ncpu does not implement sycl_ext_oneapi_max_work_groups (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/max_work_groups.hpp>: ncpu does not implement sycl_ext_oneapi_max_work_groups"
