// DPC++'s <syclcompat/traits.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/traits.hpp>: ncpu does not implement SYCLcompat"
