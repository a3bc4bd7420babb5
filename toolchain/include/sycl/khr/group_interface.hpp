// DPC++'s <sycl/khr/group_interface.hpp>: ncpu does not implement sycl_khr_group_interface (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/khr/group_interface.hpp>: ncpu does not implement sycl_khr_group_interface"
