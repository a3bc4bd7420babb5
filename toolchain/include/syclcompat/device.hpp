// DPC++'s <syclcompat/device.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/device.hpp>: ncpu does not implement SYCLcompat"
