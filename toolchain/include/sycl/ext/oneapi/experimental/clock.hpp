// DPC++'s <sycl/ext/oneapi/experimental/clock.hpp>: ncpu does not implement clock (sycl_ext_oneapi_clock) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/clock.hpp>: ncpu does not implement clock (sycl_ext_oneapi_clock)"
