// DPC++'s <sycl/ext/oneapi/accessor_property_list.hpp>: ncpu does not implement accessor_property_list (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/accessor_property_list.hpp>: ncpu does not implement accessor_property_list"
