// DPC++'s <syclcompat/group_utils.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/group_utils.hpp>: ncpu does not implement SYCLcompat"
