// DPC++'s <sycl/ext/oneapi/bf16_storage_builtins.hpp>: ncpu does not implement the bfloat16 storage builtins (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/bf16_storage_builtins.hpp>: ncpu does not implement the bfloat16 storage builtins"
