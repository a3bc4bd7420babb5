// DPC++'s <sycl/ext/oneapi/experimental/group_sort.hpp>: ncpu does not implement group sorting (sycl_ext_oneapi_group_sort) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/group_sort.hpp>: ncpu does not implement group sorting (sycl_ext_oneapi_group_sort)"
