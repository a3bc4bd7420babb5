// DPC++'s <sycl/khr/dynamic_addrspace_cast.hpp>: ncpu does not implement sycl_khr_dynamic_addrspace_cast (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/khr/dynamic_addrspace_cast.hpp>: ncpu does not implement sycl_khr_dynamic_addrspace_cast"
