// DPC++'s <sycl/ext/oneapi/backend/hip.hpp>: ncpu does not implement the HIP backend (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/backend/hip.hpp>: ncpu does not implement the HIP backend"
