// <sycl/feature_test.hpp>: the feature-test macros (SYCL 2020 section 6.3) of the oneAPI
// extensions these headers implement: enqueue barriers (queue::ext_oneapi_submit_barrier), work-group
// local memory (group_local_memory), kernel properties (work_group_size) and automatic local
// ranges (auto_range).
#pragma once

#include "detail/defines.hpp"

#define SYCL_EXT_ONEAPI_ENQUEUE_BARRIER 1
#define SYCL_EXT_ONEAPI_LOCAL_MEMORY 1
#define SYCL_EXT_ONEAPI_KERNEL_PROPERTIES 1
#define SYCL_EXT_ONEAPI_AUTO_LOCAL_RANGE 1
