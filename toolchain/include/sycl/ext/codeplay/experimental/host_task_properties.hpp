// DPC++'s <sycl/ext/codeplay/experimental/host_task_properties.hpp>: ncpu does not implement Codeplay's extensions (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/codeplay/experimental/host_task_properties.hpp>: ncpu does not implement Codeplay's extensions"
