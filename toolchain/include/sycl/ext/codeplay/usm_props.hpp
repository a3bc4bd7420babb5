// DPC++'s <sycl/ext/codeplay/usm_props.hpp>: ncpu does not implement Codeplay's extensions (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/codeplay/usm_props.hpp>: ncpu does not implement Codeplay's extensions"
