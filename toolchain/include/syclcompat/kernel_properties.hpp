// DPC++'s <syclcompat/kernel_properties.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/kernel_properties.hpp>: ncpu does not implement SYCLcompat"
