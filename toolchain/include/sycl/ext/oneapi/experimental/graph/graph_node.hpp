// DPC++'s <sycl/ext/oneapi/experimental/graph/graph_node.hpp>: ncpu does not implement command graphs (sycl_ext_oneapi_graph) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/graph/graph_node.hpp>: ncpu does not implement command graphs (sycl_ext_oneapi_graph)"
