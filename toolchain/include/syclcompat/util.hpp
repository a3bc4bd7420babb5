// DPC++'s <syclcompat/util.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/util.hpp>: ncpu does not implement SYCLcompat"
