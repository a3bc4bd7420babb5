// DPC++'s <sycl/ext/oneapi/experimental/named_sub_group_sizes.hpp>: ncpu does not implement sycl_ext_oneapi_named_sub_group_sizes (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/named_sub_group_sizes.hpp>: ncpu does not implement sycl_ext_oneapi_named_sub_group_sizes"
