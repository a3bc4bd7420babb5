// DPC++'s <sycl/ext/oneapi/backend/level_zero_ownership.hpp>: ncpu does not implement the Level Zero backend (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/backend/level_zero_ownership.hpp>: ncpu does not implement the Level Zero backend"
