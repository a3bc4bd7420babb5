// DPC++'s <sycl/ext/oneapi/experimental/user_defined_reductions.hpp>: ncpu does not implement user-defined reductions (sycl_ext_oneapi_user_defined_reductions) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/user_defined_reductions.hpp>: ncpu does not implement user-defined reductions (sycl_ext_oneapi_user_defined_reductions)"
