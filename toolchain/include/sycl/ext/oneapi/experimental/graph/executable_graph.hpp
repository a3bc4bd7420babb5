// DPC++'s <sycl/ext/oneapi/experimental/graph/executable_graph.hpp>: what it declares comes with <sycl/sycl.hpp> here (docs/dpcpp-headers.md).
#pragma once
#include <sycl/sycl.hpp>
