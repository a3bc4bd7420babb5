// DPC++'s <sycl/ext/oneapi/matrix/matrix-tensorcores-legacy.hpp>: ncpu does not implement joint_matrix (sycl_ext_oneapi_matrix) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/matrix/matrix-tensorcores-legacy.hpp>: ncpu does not implement joint_matrix (sycl_ext_oneapi_matrix)"
