// DPC++'s <sycl/ext/oneapi/experimental/graph/dynamic.hpp>: what it declares comes with <sycl/sycl.hpp> here (docs/dpcpp-headers.md).
#pragma once
#include <sycl/sycl.hpp>
