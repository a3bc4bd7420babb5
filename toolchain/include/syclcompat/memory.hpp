// DPC++'s <syclcompat/memory.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/memory.hpp>: ncpu does not implement SYCLcompat"
