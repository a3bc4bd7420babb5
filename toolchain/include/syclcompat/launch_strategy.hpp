// DPC++'s <syclcompat/launch_strategy.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/launch_strategy.hpp>: ncpu does not implement SYCLcompat"
