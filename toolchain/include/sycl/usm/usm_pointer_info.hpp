// DPC++'s header for get_pointer_type and get_pointer_device. Here the whole interface comes
// with <sycl/sycl.hpp>.
#pragma once

#include "../sycl.hpp"
