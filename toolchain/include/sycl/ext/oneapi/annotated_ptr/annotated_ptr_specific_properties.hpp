// DPC++'s <sycl/ext/oneapi/annotated_ptr/annotated_ptr_specific_properties.hpp>: what it declares comes with <sycl/sycl.hpp> here (docs/dpcpp-headers.md).
#pragma once
#include <sycl/sycl.hpp>
