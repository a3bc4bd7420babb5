// DPC++'s <sycl/ext/oneapi/experimental/graph/graph_dynamic.hpp>: ncpu does not implement command graphs (sycl_ext_oneapi_graph) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/graph/graph_dynamic.hpp>: ncpu does not implement command graphs (sycl_ext_oneapi_graph)"
