// DPC++'s <sycl/ext/oneapi/experimental/event_mode_property.hpp>: ncpu does not implement event modes (sycl_ext_oneapi_low_power_event) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/event_mode_property.hpp>: ncpu does not implement event modes (sycl_ext_oneapi_low_power_event)"
