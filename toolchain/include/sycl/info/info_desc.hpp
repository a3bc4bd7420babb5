// DPC++'s header of the information descriptors (sycl::info). Here the whole interface comes
// with <sycl/sycl.hpp>.
#pragma once

#include "../sycl.hpp"
