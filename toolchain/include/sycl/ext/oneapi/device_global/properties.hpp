// DPC++'s <sycl/ext/oneapi/device_global/properties.hpp>: what it declares comes with <sycl/sycl.hpp> here (docs/dpcpp-headers.md).
#pragma once
#include <sycl/sycl.hpp>
