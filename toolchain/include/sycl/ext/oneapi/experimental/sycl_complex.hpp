// DPC++'s <sycl/ext/oneapi/experimental/sycl_complex.hpp>: sycl_ext_oneapi_complex, in
// complex/complex.hpp.
#pragma once
#include "complex/complex.hpp"
