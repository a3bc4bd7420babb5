// DPC++'s <syclcompat/launch.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/launch.hpp>: ncpu does not implement SYCLcompat"
