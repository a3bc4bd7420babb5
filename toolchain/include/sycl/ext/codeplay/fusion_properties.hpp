// DPC++'s <sycl/ext/codeplay/fusion_properties.hpp>: ncpu does not implement kernel fusion (sycl_ext_codeplay_kernel_fusion) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/codeplay/fusion_properties.hpp>: ncpu does not implement kernel fusion (sycl_ext_codeplay_kernel_fusion)"
