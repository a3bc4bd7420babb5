// DPC++'s <sycl/ext/oneapi/experimental/rangesref.hpp>: ncpu does not implement range references (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/rangesref.hpp>: ncpu does not implement range references"
