// DPC++'s <syclcompat/kernel.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/kernel.hpp>: ncpu does not implement SYCLcompat"
