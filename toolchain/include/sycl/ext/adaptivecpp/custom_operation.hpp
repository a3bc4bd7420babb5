// DPC++'s <sycl/ext/adaptivecpp/custom_operation.hpp>: ncpu does not implement AdaptiveCpp's extensions (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/adaptivecpp/custom_operation.hpp>: ncpu does not implement AdaptiveCpp's extensions"
