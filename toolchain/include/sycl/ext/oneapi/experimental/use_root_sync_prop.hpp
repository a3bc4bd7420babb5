// DPC++'s <sycl/ext/oneapi/experimental/use_root_sync_prop.hpp>: ncpu does not implement root groups (sycl_ext_oneapi_root_group) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/use_root_sync_prop.hpp>: ncpu does not implement root groups (sycl_ext_oneapi_root_group)"
