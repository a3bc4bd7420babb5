// DPC++'s <sycl/ext/oneapi/experimental/spec_constant.hpp>: ncpu does not implement the pre-SYCL 2020 specialization constants (use specialization_id) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/spec_constant.hpp>: ncpu does not implement the pre-SYCL 2020 specialization constants (use specialization_id)"
