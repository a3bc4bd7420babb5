// DPC++'s <sycl/ext/codeplay/experimental/max_registers_query.hpp>: ncpu does not implement Codeplay's extensions (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/codeplay/experimental/max_registers_query.hpp>: ncpu does not implement Codeplay's extensions"
