// DPC++'s <sycl/ext/oneapi/experimental/opportunistic_group.hpp>: ncpu does not implement non-uniform groups (sycl_ext_oneapi_non_uniform_groups) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/opportunistic_group.hpp>: ncpu does not implement non-uniform groups (sycl_ext_oneapi_non_uniform_groups)"
