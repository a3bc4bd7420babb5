// DPC++'s <sycl/ext/oneapi/experimental/group_load_store.hpp>: ncpu does not implement group load and store (sycl_ext_oneapi_group_load_store) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/group_load_store.hpp>: ncpu does not implement group load and store (sycl_ext_oneapi_group_load_store)"
