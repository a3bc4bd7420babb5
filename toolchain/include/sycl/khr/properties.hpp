// DPC++'s <sycl/khr/properties.hpp>: ncpu does not implement sycl_khr_properties (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/khr/properties.hpp>: ncpu does not implement sycl_khr_properties"
