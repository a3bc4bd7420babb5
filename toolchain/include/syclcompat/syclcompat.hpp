// DPC++'s <syclcompat/syclcompat.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/syclcompat.hpp>: ncpu does not implement SYCLcompat"
