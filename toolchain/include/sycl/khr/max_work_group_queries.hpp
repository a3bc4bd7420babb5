// DPC++'s <sycl/khr/max_work_group_queries.hpp>: ncpu does not implement sycl_khr_max_work_group_queries (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/khr/max_work_group_queries.hpp>: ncpu does not implement sycl_khr_max_work_group_queries"
