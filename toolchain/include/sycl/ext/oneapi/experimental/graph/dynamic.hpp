// DPC++'s <sycl/ext/oneapi/experimental/graph/dynamic.hpp>: ncpu does not implement executable command graph update (dynamic parameters and command groups) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/graph/dynamic.hpp>: ncpu does not implement executable command graph update (dynamic parameters and command groups)"
