// DPC++'s <syclcompat/dims.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/dims.hpp>: ncpu does not implement SYCLcompat"
