// DPC++'s <sycl/ext/oneapi/annotated_usm/alloc_base.hpp>: what it declares comes with <sycl/sycl.hpp> here (docs/dpcpp-headers.md).
#pragma once
#include <sycl/sycl.hpp>
