// DPC++'s <sycl/ext/oneapi/filter_selector.hpp>: ncpu does not implement filter_selector (use ONEAPI_DEVICE_SELECTOR) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/filter_selector.hpp>: ncpu does not implement filter_selector (use ONEAPI_DEVICE_SELECTOR)"
