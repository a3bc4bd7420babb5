// <sycl/khr/max_work_group_queries.hpp>: the Khronos sycl_khr_max_work_group_queries extension,
// the device descriptors khr::info::device::max_work_group_range<Dims> and
// max_work_group_range_size (declared and answered in device.hpp, which <sycl/sycl.hpp> has).
#pragma once

#include "../device.hpp"
#include "../feature_test.hpp"
