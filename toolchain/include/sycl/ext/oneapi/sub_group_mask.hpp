// DPC++'s <sycl/ext/oneapi/sub_group_mask.hpp>: ncpu does not implement sub_group_mask (sycl_ext_oneapi_sub_group_mask) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/sub_group_mask.hpp>: ncpu does not implement sub_group_mask (sycl_ext_oneapi_sub_group_mask)"
