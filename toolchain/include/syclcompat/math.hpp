// DPC++'s <syclcompat/math.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/math.hpp>: ncpu does not implement SYCLcompat"
