// DPC++'s <syclcompat/defs.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/defs.hpp>: ncpu does not implement SYCLcompat"
