// DPC++'s <sycl/ext/oneapi/experimental/partitioned_group.hpp>: ncpu does not implement partitioned_group (an older form of sycl_ext_oneapi_non_uniform_groups) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/partitioned_group.hpp>: ncpu does not implement partitioned_group (an older form of sycl_ext_oneapi_non_uniform_groups)"
