// DPC++'s header for the bfloat16 math functions (sycl_ext_oneapi_bfloat16_math_functions);
// they are declared with bfloat16 itself.
#pragma once

#include "../bfloat16.hpp"
