// DPC++'s <sycl/ext/oneapi/experimental/syclbin_kernel_bundle.hpp>: ncpu does not implement SYCLBIN kernel bundles (sycl_ext_oneapi_syclbin) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/syclbin_kernel_bundle.hpp>: ncpu does not implement SYCLBIN kernel bundles (sycl_ext_oneapi_syclbin)"
