// DPC++'s <sycl/ext/oneapi/annotated_arg/annotated_ref.hpp>: what it declares comes with <sycl/sycl.hpp> here (docs/dpcpp-headers.md).
#pragma once
#include <sycl/sycl.hpp>
