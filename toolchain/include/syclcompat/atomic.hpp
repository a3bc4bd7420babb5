// DPC++'s <syclcompat/atomic.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/atomic.hpp>: ncpu does not implement SYCLcompat"
