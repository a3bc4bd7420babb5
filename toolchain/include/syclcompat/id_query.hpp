// DPC++'s <syclcompat/id_query.hpp>: ncpu does not implement SYCLcompat (docs/dpcpp-headers.md).
#pragma once
#error "<syclcompat/id_query.hpp>: ncpu does not implement SYCLcompat"
