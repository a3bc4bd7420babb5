// DPC++'s <sycl/ext/oneapi/experimental/backend/backend_traits_hip.hpp>: ncpu does not implement the HIP backend (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/backend/backend_traits_hip.hpp>: ncpu does not implement the HIP backend"
