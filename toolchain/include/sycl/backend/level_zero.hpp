// DPC++'s <sycl/backend/level_zero.hpp>: ncpu does not implement the Level Zero backend (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/backend/level_zero.hpp>: ncpu does not implement the Level Zero backend"
