// DPC++'s <sycl/khr/requirements.hpp>: ncpu does not implement sycl_khr_requirements (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/khr/requirements.hpp>: ncpu does not implement sycl_khr_requirements"
