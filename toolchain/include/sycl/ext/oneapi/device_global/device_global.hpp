// DPC++'s <sycl/ext/oneapi/device_global/device_global.hpp>: what it declares comes with <sycl/sycl.hpp> here (docs/dpcpp-headers.md).
#pragma once
#include <sycl/sycl.hpp>
