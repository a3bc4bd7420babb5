// DPC++'s <sycl/ext/oneapi/experimental/address_cast.hpp>: ncpu does not implement address_cast (sycl_ext_oneapi_address_cast) (docs/dpcpp-headers.md).
#pragma once
#error "<sycl/ext/oneapi/experimental/address_cast.hpp>: ncpu does not implement address_cast (sycl_ext_oneapi_address_cast)"
