// DPC++'s <sycl/khr/static_addrspace_cast.hpp>: ncpu does not implement sycl_khr_static_addrspace_cast (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/khr/static_addrspace_cast.hpp>: ncpu does not implement sycl_khr_static_addrspace_cast"
