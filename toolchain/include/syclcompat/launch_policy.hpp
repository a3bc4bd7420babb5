// DPC++'s <syclcompat/launch_policy.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/launch_policy.hpp>: ncpu does not implement SYCLcompat"
