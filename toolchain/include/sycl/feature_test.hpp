// <sycl/feature_test.hpp>: the feature-test macros (SYCL 2020 section 6.3) of the extensions
// these headers implement. oneAPI: enqueue barriers (queue::ext_oneapi_submit_barrier,
// handler::ext_oneapi_barrier), work-group local memory (group_local_memory), kernel
// properties (work_group_size), automatic local ranges (auto_range), the enqueue functions, the
// queue's empty query (queue::ext_oneapi_empty), num_compute_units, std::complex in the group
// algorithms (sycl_ext_oneapi_complex_algorithms), compile-time property lists
// (ext::oneapi::experimental::properties) and device globals. Khronos: the default context
// (platform::khr_get_default_context), the queue's empty query and flush (queue::khr_empty,
// khr_flush) and the work-group count queries (khr/max_work_group_queries.hpp). The extensions
// with a header of their own define theirs there.
#pragma once

#include "detail/defines.hpp"

#define SYCL_EXT_ONEAPI_ENQUEUE_BARRIER 1
#define SYCL_EXT_ONEAPI_LOCAL_MEMORY 1
#define SYCL_EXT_ONEAPI_KERNEL_PROPERTIES 1
#define SYCL_EXT_ONEAPI_AUTO_LOCAL_RANGE 1
#define SYCL_EXT_ONEAPI_ENQUEUE_FUNCTIONS 1
#define SYCL_EXT_ONEAPI_PROPERTIES 1
#define SYCL_EXT_ONEAPI_DEVICE_GLOBAL 1
#define SYCL_EXT_ONEAPI_QUEUE_EMPTY 1
#define SYCL_EXT_ONEAPI_MEMCPY2D 1
#define SYCL_EXT_ONEAPI_NUM_COMPUTE_UNITS 1
#define SYCL_EXT_ONEAPI_COMPLEX_ALGORITHMS 1
#define SYCL_KHR_DEFAULT_CONTEXT 1
#define SYCL_KHR_QUEUE_EMPTY_QUERY 1
#define SYCL_KHR_QUEUE_FLUSH 1
#define SYCL_KHR_MAX_WORK_GROUP_QUERIES 1
